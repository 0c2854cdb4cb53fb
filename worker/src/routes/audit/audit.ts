import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { auditLog } from '../../db/schema';
import type { Env } from '../../env';
import { paramsOf } from '../../lib/validate';

const PatientParam = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

/** The audit trail of one patient's clinical data, for medics (DESIGN §7.5). */
export const audit = new Hono<Env>().get('/:id/audit', paramsOf(PatientParam), async (c) => {
  const { id } = c.req.valid('param');
  const rows = await c
    .get('db')
    .select()
    .from(auditLog)
    .where(eq(auditLog.patientId, id))
    .orderBy(desc(auditLog.id))
    .limit(200);
  return c.json(rows, 200);
});
