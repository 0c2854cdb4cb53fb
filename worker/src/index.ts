import type { AuditEntry } from './access-log/access-log';
import { queue } from './access-log/queue';
import { app } from './app';
import type { Bindings } from './env';
import { scheduled } from './scheduled';

export { ClinicLive } from './services/live/clinic-live';

/** The production entry (`wrangler deploy`): no local-only routes or seeding code in its bundle. */
export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Bindings, AuditEntry>;
