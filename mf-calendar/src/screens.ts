import { defineScreens } from '@clinic/kit/screens';

/**
 * This remote's screens: the shell routes, titles and lists them in the sidebar from this list
 * (published as screens.json), and ./routes is made from it. Adding a screen is one entry here.
 */
export default defineScreens('calendar', [
  {
    path: '/home/calendar',
    userType: 'Medic',
    title: 'Calendar',
    sidebar: { label: 'Calendar', place: 20 },
    // The area's entry screen ships with the remote (no extra chunk on first load).
    load: () => import(/* webpackMode: "eager" */ './Calendar/Calendar').then((m) => m.Calendar),
  },
]);
