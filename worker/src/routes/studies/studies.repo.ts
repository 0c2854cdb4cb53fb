import { desc, eq } from 'drizzle-orm';
import type { Study } from '../../contract/answers';
import type { StudyType } from '../../contract/studies';
import { type Db, foundOr404, plainReader, type Reader } from '../../db/client';
import { patients, studies } from '../../db/schema';

/** The API URL that streams a study's PDF after an access check. */
const attachUrl = (studyId: number): string => `/api/studies/${studyId}/file`;

type StudyRow = typeof studies.$inferSelect;

function toStudy(row: StudyRow): Study {
  return {
    ID: row.id,
    studyType: row.studyType,
    description: row.description,
    patient: row.patientId,
    attach: row.fileKey ? attachUrl(row.id) : row.link,
    link: !row.fileKey && row.link !== null,
    fileName: row.fileName,
    createdAt: row.createdAt,
  };
}

/** A patient's studies, newest first. */
/**
 * A patient's studies, newest first; null when there is no such patient. The patient's check and
 * the list go to the database together (`read`: in a request, with the access-log row).
 */
export async function listStudies(
  db: Db,
  patientId: number,
  read: Reader = plainReader(db),
): Promise<Study[] | null> {
  const patient = db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId));
  const [found, rows] = await read(
    [
      patient,
      db
        .select()
        .from(studies)
        .where(eq(studies.patientId, patientId))
        .orderBy(desc(studies.createdAt), desc(studies.id)),
    ],
    { status: foundOr404(patient) },
  );
  return found.length > 0 ? rows.map(toStudy) : null;
}

/** Writes a study record, its file (if any) already stored under `file.key`, or its link. */
export async function insertStudy(
  db: Db,
  study: { patientId: number; studyType: StudyType; description: string; link?: string },
  file: { key: string; name: string; size: number } | null,
): Promise<Study> {
  const [row] = await db
    .insert(studies)
    .values({
      ...study,
      fileKey: file?.key ?? null,
      fileName: file?.name ?? null,
      fileSize: file?.size ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toStudy(row);
}

/** Where a study's file is, and whose it is; undefined when there is no such study. */
export function studyFile(db: Db, id: number) {
  return db
    .select({
      id: studies.id,
      patientId: studies.patientId,
      fileKey: studies.fileKey,
      fileName: studies.fileName,
    })
    .from(studies)
    .where(eq(studies.id, id))
    .get();
}
