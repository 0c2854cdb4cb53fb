import '@clinic/kit/styles.css';
import { mountStandalone } from '@clinic/kit';
import PortalRoutes from './routes';

// Standalone harness for `npm run dev -w mf-portal`: the shell normally mounts these routes.
mountStandalone(PortalRoutes);
