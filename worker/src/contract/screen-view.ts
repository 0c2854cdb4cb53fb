/**
 * The header the app sends with every request of one screen opened: `<screen path>;<random id>`,
 * so that the access log shows a screen's reads as one row, named after the screen. A module of its
 * own, without valibot: the app's first load imports it.
 */
export const SCREEN_VIEW_HEADER = 'X-Screen-View';
