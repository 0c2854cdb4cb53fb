import type { MiddlewareHandler } from 'hono';
import type { AuditEntry } from './access-log/access-log';
import { queue } from './access-log/queue';
import { createApp } from './app';
import type { Bindings, Env } from './env';
import { dev } from './local/dev/dev';
import { countDbRows } from './local/rows-read';
import { scheduled } from './scheduled';

export { ClinicLive } from './services/live/clinic-live';

/**
 * The entry of `npm start`, the bench and the API tests: the production app plus the local-only
 * routes under /api/dev (demo seed, outbox, bench data), which still answer 404 unless
 * ENVIRONMENT is 'local', and the count of D1 rows and round trips the bench reads (Server-Timing).
 */
export const devApp = createApp(dev, countDbRows as MiddlewareHandler<Env>);

export default { fetch: devApp.fetch, scheduled, queue } satisfies ExportedHandler<Bindings, AuditEntry>;
