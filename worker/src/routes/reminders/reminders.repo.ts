import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients } from '../../db/schema';

/** Whether patient `patientId` gets reminder mails; undefined when there is no such patient. */
export async function remindersOf(db: Db, patientId: number): Promise<boolean | undefined> {
  const row = await db
    .select({ reminders: patients.reminders })
    .from(patients)
    .where(eq(patients.id, patientId))
    .get();
  return row?.reminders;
}

export async function setReminders(db: Db, patientId: number, enabled: boolean): Promise<void> {
  await db.update(patients).set({ reminders: enabled }).where(eq(patients.id, patientId));
}
