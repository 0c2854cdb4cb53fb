import { openDb } from '../db/client';
import type { Bindings } from '../env';
import { type AuditEntry, writeAuditEntries } from './access-log';

/**
 * The access-log queue's consumer (wrangler.jsonc `queues.consumers`): writes each batch of
 * entries in one trip to the database, each at most once (by request id), so a batch delivered
 * again after a failure writes nothing twice. If the write fails the batch is retried.
 */
export const queue: ExportedHandlerQueueHandler<Bindings, AuditEntry> = async (batch, env) => {
  const entries = batch.messages.map((m) => m.body);
  try {
    await writeAuditEntries(openDb(env), entries);
    batch.ackAll();
  } catch (err) {
    console.error(
      JSON.stringify({ type: 'access-log', queue: batch.queue, entries: entries.length, error: String(err) }),
    );
    batch.retryAll({ delaySeconds: 1 });
  }
};
