import { desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { isApprovedMedic } from '../../auth/caller';
import {
  type AccessLogRequest,
  type AccessLogRow,
  accessResultOf,
  describeAccess,
} from '../../contract/access-log';
import type { Db } from '../../db/client';
import { auditLog, auditLogPatients, patients, users } from '../../db/schema';
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
      view: auditLog.view,
    })
    .from(auditLog)
    .where(aboutPatient(db, patientId))
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The row of the access log a request belongs to: the reads of one screen view by one person are
 * one row; every other request (a write, a read outside a screen) is a row of its own.
 */
const entryKey = sql<string>`case when ${auditLog.view} is not null and ${auditLog.route} like 'GET %' then ${auditLog.view} || '|' || coalesce(${auditLog.userId}, '') else 'row:' || ${auditLog.id} end`;

/**
 * One page of a patient's access log as `caller` may read it, one row per screen a person opened
 * (its reads grouped by screen view), the action in words: a medic sees who did what and on which
 * routes; a patient sees their own actions and medics' by name, never who else tried their record.
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
        ID: sql<number>`min(${auditLog.id})`,
        at: sql<string>`max(${auditLog.at})`,
        view: sql<string | null>`max(${auditLog.view})`,
        requests: sql<string>`json_group_array(json_object('action', ${auditLog.action}, 'status', ${auditLog.status}, 'route', ${auditLog.route}))`,
        userId: auditLog.userId,
        userType: users.userType,
        name: users.name,
        lastName: users.lastName,
        /** The caller's own patient record, if they are a patient. */
        callerPatientId: patients.id,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(patients, eq(patients.userId, auditLog.userId))
      .where(where)
      .groupBy(entryKey)
      .orderBy(desc(sql`max(${auditLog.at})`), desc(sql`min(${auditLog.id})`))
      .limit(page.limit)
      .offset(page.offset)
      .all(),
    db
      .select({ n: sql<number>`count(distinct ${entryKey})` })
      .from(auditLog)
      .where(where)
      .get(),
  ]);
  const answer = rows.map((r): AccessLogRow => {
    const fullName = `${r.name ?? ''} ${r.lastName ?? ''}`.trim();
    let by: AccessLogRow['by'];
    if (r.userType === 'Medic') by = { kind: 'medic', name: fullName };
    else if (r.userId !== null && r.userId === caller?.id) by = { kind: 'you', name: 'You' };
    // A patient never learns who else tried their record; a medic sees everyone.
    else if (asMedic && r.userType === 'Patient') by = { kind: 'patient', name: fullName };
    else by = { kind: 'other', name: r.userId === null ? 'Not signed in' : 'Someone else' };
    const requests = JSON.parse(r.requests) as AccessLogRequest[];
    // Whoever may read this patient (a medic, the patient): only their "no history yet" is done.
    const mayRead = r.userType === 'Medic' || r.callerPatientId === patientId;
    const { action, result } = describeAccess(r.view, requests, mayRead);
    const worst = Math.max(
      ...requests.map((q) => (accessResultOf(q.status, q.action, mayRead) === 'Done' ? 0 : q.status)),
    );
    return {
      ID: r.ID,
      at: r.at,
      action,
      requests: requests.length,
      route: asMedic ? [...new Set(requests.map((q) => q.route))].join(', ') : null,
      // The row's status: its worst refusal or failure, else that of its requests (200 when several).
      status: worst > 0 ? worst : requests.length === 1 ? (requests[0]?.status ?? 200) : 200,
      result,
      by,
    };
  });
  return { rows: answer, total: totals?.n ?? 0 };
}
