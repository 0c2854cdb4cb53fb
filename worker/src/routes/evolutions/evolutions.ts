import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess } from '../../auth/access';
import type { FieldErrors } from '../../contract/errors';
import { type Evolution, EvolutionInputSchema } from '../../contract/evolutions';
import { MSG } from '../../contract/messages';
import { listCount } from '../../contract/validation';
import type { Db } from '../../db/client';
import { evolutions, medics, patients, teeth, treatments, users } from '../../db/schema';
import type { Env } from '../../env';
import { AppError, invalid } from '../../lib/errors';
import { jsonBody, queryOf } from '../../lib/validate';

const page = {
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), '50'),
  offset: listCount(1_000_000, 0),
};

const ListQuery = v.object({
  PatientID: v.pipe(
    v.optional(v.string(), ''),
    v.regex(/^\d+$/, MSG.patientNotFoundApi),
    v.transform(Number),
  ),
  ...page,
});

const medicUser = alias(users, 'medic_user');

export async function listEvolutions(
  db: Db,
  patientId: number,
  limit: number,
  offset: number,
): Promise<{ rows: Evolution[]; total: number }> {
  const [rows, totals] = await db.batch([
    db
      .select({
        ID: evolutions.id,
        date: evolutions.date,
        observations: evolutions.observations,
        MedicID: evolutions.medicId,
        PatientID: evolutions.patientId,
        TreatmentID: evolutions.treatmentId,
        toothID: evolutions.toothId,
        title: medics.doctorTitle,
        medicName: medicUser.name,
        medicLastName: medicUser.lastName,
        treatment: treatments.description,
      })
      .from(evolutions)
      .innerJoin(medics, eq(medics.id, evolutions.medicId))
      .innerJoin(medicUser, eq(medicUser.id, medics.userId))
      .leftJoin(treatments, eq(treatments.id, evolutions.treatmentId))
      .where(eq(evolutions.patientId, patientId))
      .orderBy(desc(evolutions.date), desc(evolutions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(evolutions).where(eq(evolutions.patientId, patientId)),
  ]);
  return {
    rows: rows.map(({ title, medicName, medicLastName, ...row }) => ({
      ...row,
      medic: [title, medicName, medicLastName].filter(Boolean).join(' '),
    })),
    total: totals[0]?.n ?? 0,
  };
}

/** The referenced treatment and tooth must exist; each miss is reported under its field. */
async function assertReferences(
  db: Db,
  input: { PatientID: number; TreatmentID: string; toothID: number },
): Promise<void> {
  const [patient, treatment, tooth] = await db.batch([
    db.select({ id: patients.id }).from(patients).where(eq(patients.id, input.PatientID)),
    db.select({ id: treatments.id }).from(treatments).where(eq(treatments.id, input.TreatmentID)),
    db.select({ id: teeth.id }).from(teeth).where(eq(teeth.id, input.toothID)),
  ]);
  if (patient.length === 0) throw new AppError('not_found', MSG.patientNotFoundApi);
  const errors: FieldErrors = {};
  if (treatment.length === 0) errors.TreatmentID = { msg: MSG.notFound };
  if (tooth.length === 0) errors.toothID = { msg: MSG.notFound };
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** /evolutions: a patient's visit notes; medics add them. */
export const evolutionsRoutes = new Hono<Env>()
  .get('/', queryOf(ListQuery), async (c) => {
    const { PatientID, limit, offset } = c.req.valid('query');
    assertPatientAccess(c, PatientID);
    const { rows, total } = await listEvolutions(c.get('db'), PatientID, limit, offset);
    c.header('X-Total-Count', String(total));
    return c.json(rows, 200);
  })
  .post('/', jsonBody(EvolutionInputSchema), async (c) => {
    const input = c.req.valid('json');
    assertPatientAccess(c, input.PatientID);
    const db = c.get('db');
    // The author is the signed-in (approved) medic, whatever the body says.
    const medicId = c.get('user')?.medicId;
    if (!medicId) throw new AppError('forbidden', MSG.forbidden);
    await assertReferences(db, input);
    const [row] = await db
      .insert(evolutions)
      .values({
        date: input.date,
        observations: input.observations,
        medicId,
        patientId: input.PatientID,
        treatmentId: input.TreatmentID,
        toothId: input.toothID,
      })
      .returning({ ID: evolutions.id });
    if (!row) throw new AppError('internal', MSG.evolutionError);
    return c.json({ ...input, MedicID: medicId, ID: row.ID }, 201);
  });
