import { app } from './app';
import type { AuditEntry } from './auth/access-log';
import type { Bindings } from './env';
import { queue } from './queue';
import { scheduled } from './scheduled';

export { ClinicLive } from './services/live/clinic-live';

/** The production entry (`wrangler deploy`): no local-only routes or seeding code in its bundle. */
export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Bindings, AuditEntry>;
