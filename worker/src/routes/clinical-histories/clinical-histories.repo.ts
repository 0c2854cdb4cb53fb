import { eq } from 'drizzle-orm';
import type { ClinicalHistory, ClinicalHistoryCreate } from '../../contract/clinical-history';
import { type Db, foundOr404, plainReader, type Reader } from '../../db/client';
import { clinicalHistories } from '../../db/schema';

/** A patient's clinical history, or null when none was written. */
export async function findClinicalHistory(
  db: Db,
  patientId: number,
  read: Reader = plainReader(db),
): Promise<ClinicalHistory | null> {
  const history = db.select().from(clinicalHistories).where(eq(clinicalHistories.patientId, patientId));
  // In a request, with its access-log row: 404 when there is none.
  const [[row]] = await read([history], { status: foundOr404(history) });
  if (!row) return null;
  const { id: ID, patientId: patient, ...answers } = row;
  return { ID, patient, ...answers };
}

/**
 * Writes a patient's clinical history once: null when one exists already. The unique index on
 * patient_id makes "create once" hold even for two requests at the same time.
 */
export async function createClinicalHistory(
  db: Db,
  { patient, ...answers }: ClinicalHistoryCreate,
): Promise<number | null> {
  const inserted = await db
    .insert(clinicalHistories)
    .values({ ...answers, patientId: patient })
    .onConflictDoNothing({ target: clinicalHistories.patientId })
    .returning({ id: clinicalHistories.id });
  return inserted[0]?.id ?? null;
}
