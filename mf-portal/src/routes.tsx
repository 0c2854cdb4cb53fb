import { screenRoutes } from '@clinic/kit';
import screens from './screens';

/** Exposed as `./routes`: this area's screens, made from its declarations (./screens.ts). */
const routes = screenRoutes(screens.screens);
export default routes;

// Under the remote's dev server, a change to a screen (or to anything it imports) is shown in
// place, without reloading the page: the shell's production React has no Fast Refresh.
import.meta.webpackHot?.accept('./screens', () => routes.replace(screens.screens));
