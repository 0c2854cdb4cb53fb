import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { FieldErrors } from '../../contract/errors';
import type { Evolution, EvolutionCreate } from '../../contract/evolutions';
import { MSG } from '../../contract/messages';
import { type Db, plainReader, type Reader } from '../../db/client';
import { evolutions, medics, teeth, treatments, users } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { assertPatientExists } from '../patients/patients.repo';

const medicUser = alias(users, 'medic_user');

/** One page of a patient's evolutions, newest first, each with its medic's name and treatment. */
export async function listEvolutions(
  db: Db,
  patientId: number,
  limit: number,
  offset: number,
  read: Reader = plainReader(db),
): Promise<{ rows: Evolution[]; total: number }> {
  const [rows, totals] = await read([
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

/** The patient must exist (404), and the referenced treatment and tooth too: each miss under its field. */
async function assertReferences(
  db: Db,
  input: { PatientID: number; TreatmentID: string; toothID: number },
): Promise<void> {
  await assertPatientExists(db, input.PatientID);
  const [treatment, tooth] = await db.batch([
    db.select({ id: treatments.id }).from(treatments).where(eq(treatments.id, input.TreatmentID)),
    db.select({ id: teeth.id }).from(teeth).where(eq(teeth.id, input.toothID)),
  ]);
  const errors: FieldErrors = {};
  if (treatment.length === 0) errors.TreatmentID = { msg: MSG.notFound };
  if (tooth.length === 0) errors.toothID = { msg: MSG.notFound };
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** Writes an evolution by `medicId` after checking what it refers to; answers its ID. */
export async function addEvolution(db: Db, input: EvolutionCreate, medicId: number): Promise<number> {
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
  return row.ID;
}
