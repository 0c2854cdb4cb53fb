import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess } from '../../auth/access';
import { type ClinicalHistory, ClinicalHistoryInputSchema } from '../../contract/clinical-history';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import { clinicalHistories, patients } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody, queryOf } from '../../lib/validate';

const SearchQuery = v.object({
  id: v.pipe(v.optional(v.string(), ''), v.regex(/^\d+$/, MSG.patientNotFoundApi), v.transform(Number)),
});

async function assertPatientExists(db: Db, id: number): Promise<void> {
  const row = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id)).get();
  if (!row) throw new AppError('not_found', MSG.patientNotFoundApi);
}

/** /clinicalhistories: one health questionnaire per patient, created once. */
export const clinicalHistoriesRoutes = new Hono<Env>()
  .get('/search', queryOf(SearchQuery), async (c) => {
    const { id } = c.req.valid('query');
    assertPatientAccess(c, id);
    const db = c.get('db');
    const row = await db.select().from(clinicalHistories).where(eq(clinicalHistories.patientId, id)).get();
    // 'No hay Hc' says none exists; here it is the msg of a 404.
    if (!row) throw new AppError('not_found', MSG.noClinicalHistory);
    const { id: ID, patientId, ...answers } = row;
    const history: ClinicalHistory = { ID, patient: patientId, ...answers };
    return c.json(history, 200);
  })
  .post('/', jsonBody(ClinicalHistoryInputSchema), async (c) => {
    const { patient, ...answers } = c.req.valid('json');
    assertPatientAccess(c, patient);
    const db = c.get('db');
    await assertPatientExists(db, patient);
    // The unique index on patient_id makes "create once" hold even for two requests at the same time.
    const inserted = await db
      .insert(clinicalHistories)
      .values({ ...answers, patientId: patient })
      .onConflictDoNothing({ target: clinicalHistories.patientId })
      .returning({ id: clinicalHistories.id });
    if (inserted.length === 0) throw new AppError('conflict', MSG.clinicalHistoryExists);
    return c.json({ ID: inserted[0]?.id ?? 0, patient, msg: MSG.sentCorrectly }, 201);
  });
