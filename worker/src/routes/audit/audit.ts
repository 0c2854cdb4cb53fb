import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess } from '../../auth/access';
import { AccessLogQuerySchema, type AccessLogRow, accessResult } from '../../contract/access-log';
import { auditLog, users } from '../../db/schema';
import type { Env } from '../../env';
import { paramsOf, queryOf } from '../../lib/validate';

const PatientParam = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

/**
 * The audit trail of one patient's clinical data: the raw rows for medics, and the access log a
 * medic opens on the patient page and a patient reads in the portal (their own record only; any
 * other ID answers 404). Reading the access log is itself written to the log.
 */
export const audit = new Hono<Env>()
  .get('/:id/audit', paramsOf(PatientParam), async (c) => {
    const { id } = c.req.valid('param');
    const rows = await c
      .get('db')
      .select()
      .from(auditLog)
      .where(eq(auditLog.patientId, id))
      .orderBy(desc(auditLog.id))
      .limit(200);
    return c.json(rows, 200);
  })
  .get('/:id/access-log', paramsOf(PatientParam), queryOf(AccessLogQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    assertPatientAccess(c, id);
    const { limit, offset } = c.req.valid('query');
    const db = c.get('db');
    const caller = c.get('user');
    const asMedic = caller?.userType === 'Medic';
    const where = eq(auditLog.patientId, id);
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
        .limit(limit)
        .offset(offset)
        .all(),
      db.select({ n: count() }).from(auditLog).where(where).get(),
    ]);
    const answer: AccessLogRow[] = rows.map((r) => {
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
    c.header('X-Total-Count', String(totals?.n ?? 0));
    return c.json(answer, 200);
  });
