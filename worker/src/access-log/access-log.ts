import type { Context } from 'hono';
import { MSG } from '../contract/messages';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { type AuditEntry, writeAuditEntries } from './access-log.repo';

export type { AuditEntry } from './access-log.repo';
export { writeAuditEntries };

/** The distinct patient IDs of an answer, in the order it shows them, as the log keeps them (a JSON array). */
export function patientIdsJson(ids: Iterable<number | null | undefined>): string {
  const seen = new Set<number>();
  for (const id of ids) if (typeof id === 'number') seen.add(id);
  return JSON.stringify([...seen]);
}

/**
 * Logs a read before it is answered. On D1 the entry goes to the access-log queue and the read
 * waits only for the queue to accept it: the consumer (access-log/queue.ts) writes it moments later,
 * off the read's path. If the queue refuses it, the read answers 503 and shows nothing (the log
 * stays fail-closed). On libSQL, which has no queue, the entry is written directly, after the read.
 */
export async function logRead(c: Context<Env>, entry: AuditEntry): Promise<void> {
  const queue = c.env.AUDIT_QUEUE;
  if (c.env.LIBSQL_URL || !queue) {
    await writeAuditEntries(c.get('db'), [entry]);
    return;
  }
  try {
    await queue.send(entry, { contentType: 'json' });
  } catch (err) {
    console.error(JSON.stringify({ type: 'access-log', requestId: entry.requestId, error: String(err) }));
    throw new AppError('unavailable', MSG.accessLogUnavailable);
  }
  // Local runs only: the API tests wait for the consumer to have written this entry.
  if (c.env.ENVIRONMENT === 'local') c.header('X-Audit-Queued', entry.requestId);
}

/** When this request is answered, as the access log writes times. */
export const logTime = (): string => new Date().toISOString();
