import { lazyScreen } from '@clinic/kit';
import { startRemoteEarly } from '../remotes/registry';

/**
 * The home frame is its own chunk: the login page does not load it. Login starts fetching it
 * while the credentials are checked, so signing in waits for no extra round trip; a page opened
 * directly under /home starts fetching it as soon as the shell runs (the page preloads it there:
 * rsbuild.config.ts), and with it the remote that serves the whole area, when one does.
 */
export const loadHomeShell = () => import(/* webpackChunkName: "home-frame" */ './HomeShell');

export const HomeShell = lazyScreen(loadHomeShell, 'HomeShell');

if (window.location.pathname.toLowerCase().startsWith('/home')) {
  void loadHomeShell();
  startRemoteEarly();
}
