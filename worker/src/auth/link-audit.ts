import type { Context } from 'hono';
import { insertAudit } from '../access-log/access-log.repo';
import type { Env } from '../env';

/**
 * The access-log row of a mailed link's use (a public route, so its declaration logs nothing
 * itself): written only once the link proved valid, naming its patient.
 */
export async function auditLink(
  c: Context<Env>,
  action: string,
  patientId: number,
  status: number,
): Promise<void> {
  await insertAudit(c.get('db'), {
    userId: null,
    action,
    patientId,
    route: `${c.req.method} ${new URL(c.req.url).pathname}`,
    status,
    patientIds: null,
  });
}
