import '@clinic/kit/styles.css';
import { mountStandalone } from '@clinic/kit';
import CalendarRoutes from './routes';

// Standalone harness for `npm run dev -w mf-calendar`: the shell normally mounts these routes.
mountStandalone(CalendarRoutes);
