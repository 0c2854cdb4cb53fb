import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

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
