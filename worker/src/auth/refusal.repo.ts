import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { budgets, recalls, studies, turns } from '../db/schema';

/** Records a route names by their own ID, each of one patient. */
const RECORDS = { budget: budgets, study: studies, recall: recalls, turn: turns } as const;
export type PatientRecord = keyof typeof RECORDS;

/** The patient whose `record` `id` is, or null when there is no such record. */
export async function patientOfRecord(db: Db, record: PatientRecord, id: number): Promise<number | null> {
  const table = RECORDS[record];
  const row = await db.select({ patientId: table.patientId }).from(table).where(eq(table.id, id)).get();
  return row?.patientId ?? null;
}
