import { lazyScreen } from '@clinic/kit';
import { isUnderHome } from '@clinic/worker/remotes';

/**
 * The home frame is its own chunk: the login page does not load it. Login starts fetching it
 * while the credentials are checked, so signing in waits for no extra round trip; a page opened
 * directly under /home has it fetched beside the page's own scripts (the page preloads it there:
 * rsbuild.config.ts).
 */
export const loadHomeShell = () => import(/* webpackChunkName: "home-frame" */ './HomeShell');

export const HomeShell = lazyScreen(loadHomeShell, 'HomeShell');

if (isUnderHome(window.location.pathname)) void loadHomeShell();
