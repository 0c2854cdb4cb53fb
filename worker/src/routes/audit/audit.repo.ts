import { count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { isApprovedMedic } from '../../auth/caller';
import { type AccessLogRow, accessResult } from '../../contract/access-log';
import type { Db } from '../../db/client';
import { auditLog, auditLogPatients, users } from '../../db/schema';
import type { SessionUser } from '../../env';

/** The audit rows about one patient: those naming them, and the lists that showed them (0016). */
function aboutPatient(db: Db, patientId: number): SQL | undefined {
  return or(
    eq(auditLog.patientId, patientId),
    inArray(
      auditLog.id,
      db
        .select({ id: auditLogPatients.auditId })
        .from(auditLogPatients)
        .where(eq(auditLogPatients.patientId, patientId)),
    ),
  );
}

/** One page of the raw audit rows of one patient's data, newest first (medics only). */
export function recentAudit(db: Db, patientId: number, page: { limit: number; offset: number }) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      action: auditLog.action,
      patientId: auditLog.patientId,
      route: auditLog.route,
      status: auditLog.status,
      patientIds: auditLog.patientIds,
    })
    .from(auditLog)
    .where(aboutPatient(db, patientId))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * One page of a patient's access log as `caller` may read it: a medic sees who did what and on which
 * route; a patient sees their own actions and medics' by name, never who else tried their record.
 */
export async function accessLogOf(
  db: Db,
  patientId: number,
  caller: SessionUser | null,
  page: { limit: number; offset: number },
): Promise<{ rows: AccessLogRow[]; total: number }> {
  const asMedic = isApprovedMedic(caller);
  const where = aboutPatient(db, patientId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        ID: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        route: auditLog.route,
        status: auditLog.status,
        userId: auditLog.userId,
        userType: users.userType,
        name: users.name,
        lastName: users.lastName,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db.select({ n: count() }).from(auditLog).where(where).get(),
  ]);
  const answer = rows.map((r): AccessLogRow => {
    const fullName = `${r.name ?? ''} ${r.lastName ?? ''}`.trim();
    let by: AccessLogRow['by'];
    if (r.userType === 'Medic') by = { kind: 'medic', name: fullName };
    else if (r.userId !== null && r.userId === caller?.id) by = { kind: 'you', name: 'You' };
    // A patient never learns who else tried their record; a medic sees everyone.
    else if (asMedic && r.userType === 'Patient') by = { kind: 'patient', name: fullName };
    else by = { kind: 'other', name: r.userId === null ? 'Not signed in' : 'Someone else' };
    return {
      ID: r.ID,
      at: r.at,
      action: r.action,
      route: asMedic ? r.route : null,
      status: r.status,
      result: accessResult(r.status),
      by,
    };
  });
  return { rows: answer, total: totals?.n ?? 0 };
}
