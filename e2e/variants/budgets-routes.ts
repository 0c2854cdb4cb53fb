import { screenRoutes } from '@clinic/kit';
import screens from './budgets-screens';

/** Exposed as the budgets variant's `./routes`, in place of mf-budgets/src/routes.tsx. */
export default screenRoutes(screens.screens);
