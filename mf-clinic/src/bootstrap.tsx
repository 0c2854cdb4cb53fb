import '@clinic/kit/styles.css';
import { mountStandalone } from '@clinic/kit';
import ClinicRoutes from './routes';

// Standalone harness for `npm run dev -w mf-clinic`: the shell normally mounts these routes.
mountStandalone(ClinicRoutes);
