import { screenRoutes } from '@clinic/kit';
import screens from './screens';

/** Exposed as `./routes`: this area's screens, made from its declarations (./screens.ts). */
export default screenRoutes(screens.screens);
