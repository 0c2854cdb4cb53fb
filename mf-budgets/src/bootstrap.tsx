import '@clinic/kit/styles.css';
import { mountStandalone } from '@clinic/kit';
import BudgetsRoutes from './routes';

// Standalone harness for `npm run dev -w mf-budgets`: the shell normally mounts these routes.
mountStandalone(BudgetsRoutes);
