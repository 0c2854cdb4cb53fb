import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * One access-log entry: who (`userId`), what (`action`, `route`), the patient the request named,
 * the patients a list showed (a JSON array of IDs, taken from the answer), the answer's status and
 * the request's id (the key that makes a second delivery of the same entry write nothing).
 */
export interface AuditEntry {
  requestId: string;
  /** When the request was answered, as the log's other rows write it (ISO 8601, UTC). */
  at: string;
  userId: number | null;
  action: string;
  patientId: number | null;
  patientIds: string | null;
  route: string;
  status: number;
  /** The screen view the request belonged to (`X-Screen-View`), so the log shows a screen's reads as one row. */
  view?: string | null;
}

/** The queue of access-log entries (wrangler.jsonc `queues`): absent on libSQL deployments. */
export type AuditQueue = Queue<AuditEntry>;

/** One access-log row; its status and patients may be SQL the read's batch computes. */
export type AuditRow = Omit<typeof auditLog.$inferInsert, 'status' | 'patientIds'> & {
  status: number | SQL;
  patientIds: string | SQL | null;
};

/** The INSERT of one access-log row, answering the status it wrote: run alone or in a read's batch. */
export function insertAudit(db: Db, row: AuditRow) {
  return db.insert(auditLog).values(row).returning({ status: auditLog.status });
}

/** The distinct patient IDs a one-column select of a page gives, as one JSON array. */
export const pagePatientIds = (select: SQLWrapper): SQL =>
  sql`(with page(id) as (${select.getSQL()}) select json_group_array(distinct id) from page)`;

/**
 * Writes entries, each at most once: one INSERT per entry, all in one batch, and an entry whose
 * request id is already logged (a redelivery) is skipped. Its answer is the number written.
 */
export async function writeAuditEntries(db: Db, entries: readonly AuditEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const inserts = entries.map((entry) =>
    db
      .insert(auditLog)
      .values(entry)
      .onConflictDoNothing({ target: auditLog.requestId })
      .returning({ id: auditLog.id }),
  );
  const results = (await db.batch(
    inserts as unknown as Parameters<Db['batch']>[0],
  )) as unknown as unknown[][];
  return results.reduce((n, rows) => n + rows.length, 0);
}

/** A read-only select of one row: the distinct patient IDs of a page's one-column select, as a JSON array (`ids`). */
export const pagePatientIdsRow = (db: Db, select: SQLWrapper) =>
  db.select({ ids: sql<string | null>`${pagePatientIds(select)}` }).from(sql`(select 1)`);
