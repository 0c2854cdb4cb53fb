import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Evolution } from '../../contract/answers';
import type { FieldErrors } from '../../contract/errors';
import type { EvolutionCreate, EvolutionTooth, Surface } from '../../contract/evolutions';
import { MSG } from '../../contract/messages';
import { foldText } from '../../contract/person';
import { localDate } from '../../contract/turns';
import { type Db, plainReader, type Reader } from '../../db/client';
import { findClinic } from '../../db/clinics.repo';
import { evolutions, evolutionTeeth, medics, teeth, treatments, users } from '../../db/schema';
import { stripControls } from '../../db/users.repo';
import { AppError, invalid } from '../../lib/errors';
import { assertPatientExists } from '../patients/patients.repo';

const medicUser = alias(users, 'medic_user');

/** A note's teeth as one JSON text: `[{"t":36,"s":"OM"}, ...]`, in tooth order. */
const teethJson = sql<
  string | null
>`(select json_group_array(json_object('t', ${evolutionTeeth.toothId}, 's', ${evolutionTeeth.surfaces})) from ${evolutionTeeth} where ${evolutionTeeth.evolutionId} = ${evolutions.id})`;

/** The teeth of a note from its JSON; a note written before (no rows) is its single tooth, no surfaces. */
export function teethOf(json: string | null, toothId: number | null): EvolutionTooth[] {
  const list = (json ? (JSON.parse(json) as { t: number; s: string }[]) : [])
    .map(({ t, s }) => ({ toothID: t, surfaces: [...s] as Surface[] }))
    .sort((a, b) => a.toothID - b.toothID);
  if (list.length === 0 && toothId !== null) return [{ toothID: toothId, surfaces: [] }];
  return list;
}

/**
 * The IDs of a patient's notes a search finds: `term` (folded: lower case, no accents) in the
 * observations or the treatment's name, accents and case aside, or a tooth number among the note's
 * teeth. The text is folded here, as the database has no fold of the observations to search.
 */
async function notesFound(db: Db, patientId: number, term: string): Promise<number[]> {
  const rows = await db
    .select({
      ID: evolutions.id,
      observations: evolutions.observations,
      treatment: treatments.description,
      toothID: evolutions.toothId,
      teethJson,
    })
    .from(evolutions)
    .leftJoin(treatments, eq(treatments.id, evolutions.treatmentId))
    .where(eq(evolutions.patientId, patientId))
    .all();
  const tooth = /^\d{2}$/.test(term) ? Number(term) : null;
  return rows
    .filter(
      (r) =>
        foldText(r.observations).includes(term) ||
        foldText(r.treatment ?? '').includes(term) ||
        (tooth !== null && teethOf(r.teethJson, r.toothID).some((t) => t.toothID === tooth)),
    )
    .map((r) => r.ID);
}

/** One page of a patient's evolutions, newest first, each with its medic's name and treatment. */
export async function listEvolutions(
  db: Db,
  patientId: number,
  page: { q?: string; limit: number; offset: number },
  read: Reader = plainReader(db),
): Promise<{ rows: Evolution[]; total: number }> {
  const { limit, offset } = page;
  const term = foldText(stripControls(page.q ?? '').trim());
  // `q`: words of the observations or of the treatment's name (accents and case aside), or a tooth.
  const found = term ? await notesFound(db, patientId, term) : null;
  const where = and(
    eq(evolutions.patientId, patientId),
    found ? sql`${evolutions.id} in (select value from json_each(${JSON.stringify(found)}))` : undefined,
  );
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
        treatmentType: treatments.treatmentType,
        teethJson,
      })
      .from(evolutions)
      .innerJoin(medics, eq(medics.id, evolutions.medicId))
      .innerJoin(medicUser, eq(medicUser.id, medics.userId))
      .leftJoin(treatments, eq(treatments.id, evolutions.treatmentId))
      .where(where)
      .orderBy(desc(evolutions.date), desc(evolutions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(evolutions).where(where),
  ]);
  return {
    rows: rows.map(({ title, medicName, medicLastName, teethJson, ...row }) => ({
      ...row,
      teeth: teethOf(teethJson, row.toothID),
      medic: [title, medicName, medicLastName].filter(Boolean).join(' '),
    })),
    total: totals[0]?.n ?? 0,
  };
}

/**
 * The patient must exist (404), and the referenced treatment and tooth too: each miss under its
 * field; the date may not lie after today in the clinic's time zone (a visit not yet made).
 */
export async function assertReferences(
  db: Db,
  input: { date: string; PatientID: number; TreatmentID: string; teeth: EvolutionTooth[] },
): Promise<void> {
  await assertPatientExists(db, input.PatientID);
  const today = localDate(new Date(), (await findClinic(db))?.timeZone ?? 'UTC');
  const ids = input.teeth.map((t) => t.toothID);
  const [treatment, found] = await db.batch([
    db.select({ id: treatments.id }).from(treatments).where(eq(treatments.id, input.TreatmentID)),
    db.select({ id: teeth.id }).from(teeth).where(inArray(teeth.id, ids)),
  ]);
  const errors: FieldErrors = {};
  if (input.date > today) errors.date = { msg: MSG.evolutionDateAhead };
  if (treatment.length === 0) errors.TreatmentID = { msg: MSG.notFound };
  const known = new Set(found.map((t) => t.id));
  // One tooth is SPEC's toothID (or the same as it); of several, each miss under its place.
  input.teeth.forEach((t, i) => {
    if (known.has(t.toothID)) return;
    errors[ids.length === 1 ? 'toothID' : `teeth.${i}.toothID`] = { msg: MSG.notFound };
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/**
 * Writes an evolution by `medicId` with its teeth after checking what it refers to; answers its ID.
 * One batch (one transaction): the teeth rows take the note's ID as the newest in the table.
 */
export async function addEvolution(db: Db, input: EvolutionCreate, medicId: number): Promise<number> {
  await assertReferences(db, input);
  const [[row]] = await db.batch([
    db
      .insert(evolutions)
      .values({
        date: input.date,
        observations: input.observations,
        medicId,
        patientId: input.PatientID,
        treatmentId: input.TreatmentID,
        toothId: input.toothID,
      })
      .returning({ ID: evolutions.id }),
    db.insert(evolutionTeeth).values(
      input.teeth.map((t) => ({
        evolutionId: sql`(select max(${evolutions.id}) from ${evolutions})`,
        toothId: t.toothID,
        surfaces: sortSurfaces(t.surfaces).join(''),
      })),
    ),
  ]);
  if (!row) throw new AppError('internal', MSG.evolutionError);
  return row.ID;
}

/** Surfaces in the chart's order M, O, D, B, L, whatever order they were picked in. */
export const sortSurfaces = (surfaces: readonly Surface[]): Surface[] =>
  [...surfaces].sort((a, b) => 'MODBL'.indexOf(a) - 'MODBL'.indexOf(b));
