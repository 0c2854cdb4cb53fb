import { createApp } from './app';
import type { Bindings } from './env';
import { dev } from './routes/dev/dev';
import { scheduled } from './scheduled';

export { ClinicLive } from './services/live/clinic-live';

/**
 * The entry of `npm start`, the bench and the API tests: the production app plus the local-only
 * routes under /api/dev (demo seed, outbox, bench data), which still answer 404 unless
 * ENVIRONMENT is 'local'.
 */
export const devApp = createApp(dev);

export default { fetch: devApp.fetch, scheduled } satisfies ExportedHandler<Bindings>;
