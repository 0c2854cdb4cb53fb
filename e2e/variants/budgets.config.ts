import { fileURLToPath } from 'node:url';
import { remoteBuild, remoteFederation } from '@clinic/kit/mf-build';
import screens from './budgets-screens';

/** mf-budgets with one more screen: its declarations and routes are budgets-screens.ts. */
const routes = fileURLToPath(new URL('./budgets-routes.ts', import.meta.url));

export default remoteBuild('budgets', screens, {
  ...remoteFederation('budgets'),
  exposes: { './routes': routes },
});
