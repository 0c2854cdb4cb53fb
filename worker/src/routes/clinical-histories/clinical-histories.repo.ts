import { desc, eq, sql } from 'drizzle-orm';
import type { ClinicalHistory, ClinicalHistoryVersion } from '../../contract/answers';
import {
  answersOf,
  type ClinicalHistoryAnswers,
  type ClinicalHistoryCreate,
  changedFields,
} from '../../contract/clinical-history';
import { type Db, foundOr404, plainReader, type Reader } from '../../db/client';
import { clinicalHistories, clinicalHistoryVersions, medics, users } from '../../db/schema';

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

/** Whether the patient has a clinical history already (a new one would be 409). */
export async function hasClinicalHistory(db: Db, patientId: number): Promise<boolean> {
  const row = await db
    .select({ id: clinicalHistories.id })
    .from(clinicalHistories)
    .where(eq(clinicalHistories.patientId, patientId))
    .get();
  return row !== undefined;
}

/**
 * Writes a patient's clinical history once: null when one exists already. The unique index on
 * patient_id makes "create once" hold even for two requests at the same time.
 */
export async function createClinicalHistory(
  db: Db,
  { patient, ...answers }: ClinicalHistoryCreate,
  authorUserId: number | null = null,
): Promise<number | null> {
  // Its first version in the same batch; when the history existed, so did its version 1.
  const [inserted] = await db.batch([
    db
      .insert(clinicalHistories)
      .values({ ...answers, patientId: patient })
      .onConflictDoNothing({ target: clinicalHistories.patientId })
      .returning({ id: clinicalHistories.id }),
    db
      .insert(clinicalHistoryVersions)
      .values({ patientId: patient, version: 1, answers: JSON.stringify(answersOf(answers)), authorUserId })
      .onConflictDoNothing(),
  ]);
  return inserted[0]?.id ?? null;
}

/**
 * Writes new answers to a patient's clinical history and keeps them as its next version, by
 * `authorUserId`, in one batch. Null when the patient has no history; `changed: false` (nothing
 * written) when the answers are those of the current version.
 */
export async function updateClinicalHistory(
  db: Db,
  patientId: number,
  answers: ClinicalHistoryAnswers,
  authorUserId: number,
): Promise<{ ID: number; version: number; changed: boolean } | null> {
  const [[current], [latest]] = await db.batch([
    db.select().from(clinicalHistories).where(eq(clinicalHistories.patientId, patientId)),
    db
      .select({ version: sql<number>`coalesce(max(${clinicalHistoryVersions.version}), 0)` })
      .from(clinicalHistoryVersions)
      .where(eq(clinicalHistoryVersions.patientId, patientId)),
  ]);
  if (!current) return null;
  const next = answersOf(answers);
  const version = latest?.version ?? 0;
  if (changedFields(answersOf(current), next).length === 0 && version > 0) {
    return { ID: current.id, version, changed: false };
  }
  const [, [kept]] = await db.batch([
    db.update(clinicalHistories).set(next).where(eq(clinicalHistories.patientId, patientId)),
    db
      .insert(clinicalHistoryVersions)
      .values({
        patientId,
        // The next number in SQL, in the batch's transaction: two saves at once get two versions.
        version: sql`(select coalesce(max(${clinicalHistoryVersions.version}), 0) + 1 from ${clinicalHistoryVersions} where ${clinicalHistoryVersions.patientId} = ${patientId})`,
        answers: JSON.stringify(next),
        authorUserId,
      })
      .returning({ version: clinicalHistoryVersions.version }),
  ]);
  return { ID: current.id, version: kept?.version ?? version + 1, changed: true };
}

/** Every version of a patient's clinical history, newest first, with who wrote it and when. */
export async function listClinicalHistoryVersions(
  db: Db,
  patientId: number,
  read: Reader = plainReader(db),
): Promise<ClinicalHistoryVersion[]> {
  const versions = db
    .select({
      version: clinicalHistoryVersions.version,
      createdAt: clinicalHistoryVersions.createdAt,
      answers: clinicalHistoryVersions.answers,
      userType: users.userType,
      name: users.name,
      lastName: users.lastName,
      title: medics.doctorTitle,
    })
    .from(clinicalHistoryVersions)
    .leftJoin(users, eq(users.id, clinicalHistoryVersions.authorUserId))
    .leftJoin(medics, eq(medics.userId, users.id))
    .where(eq(clinicalHistoryVersions.patientId, patientId))
    .orderBy(desc(clinicalHistoryVersions.version));
  const [rows] = await read([versions], { status: foundOr404(versions) });
  return rows.map((r) => ({
    version: r.version,
    createdAt: r.createdAt,
    author: r.name === null ? null : [r.title, r.name, r.lastName].filter(Boolean).join(' '),
    authorRole: r.userType === null ? null : r.userType === 'Patient' ? 'patient' : 'medic',
    answers: answersOf(JSON.parse(r.answers) as ClinicalHistoryAnswers),
  }));
}
