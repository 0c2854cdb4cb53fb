/**
 * The Chromium the end-to-end tests drive (no browser is downloaded): Debian's by default,
 * CHROMIUM_PATH for another Chromium or Chrome binary. scripts/check-chromium.mjs checks it is
 * there before `npm run test:e2e` builds anything.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
