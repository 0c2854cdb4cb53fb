import { createApp } from './app';
import { dev } from './routes/dev/dev';

/**
 * The entry of `npm start`, the bench and the API tests: the production app plus the local-only
 * routes under /api/dev (demo seed, outbox, bench data), which still answer 404 unless
 * ENVIRONMENT is 'local'.
 */
export const devApp = createApp(dev);

export default devApp;
