import '@clinic/kit/styles.css';
import { mountStandalone } from '@clinic/kit';
import PatientsRoutes from './routes';

// Standalone harness for `npm run dev -w mf-patients`: the shell normally mounts these routes.
mountStandalone(PatientsRoutes);
