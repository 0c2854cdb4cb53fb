import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients, recalls, users } from '../../db/schema';
import { mailAddress } from '../../db/users.repo';

/**
 * Open recalls due on or before `today` that were not mailed yet, of patients who take reminders
 * and have no turn from today on (one already booked needs no "book a turn" mail: the desk's list
 * shows them under Booked).
 */
export function recallsToMail(db: Db, today: string) {
  return db
    .select({ id: recalls.id, dueDate: recalls.dueDate, email: mailAddress, name: users.name })
    .from(recalls)
    .innerJoin(patients, eq(patients.id, recalls.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(recalls.status, 'open'),
        sql`${recalls.mailedAt} IS NULL`,
        lte(recalls.dueDate, today),
        eq(patients.reminders, true),
        sql`NOT EXISTS (SELECT 1 FROM turns WHERE turns.patient_id = ${recalls.patientId} AND turns.date >= ${today})`,
      ),
    )
    .limit(200);
}

/** Claims a recall's one mail; false when another run has it. */
export async function claimRecallMail(db: Db, id: number, at: string): Promise<boolean> {
  const rows = await db
    .update(recalls)
    .set({ mailedAt: at })
    .where(and(eq(recalls.id, id), sql`${recalls.mailedAt} IS NULL`))
    .returning({ id: recalls.id });
  return rows.length > 0;
}

export async function releaseRecallMail(db: Db, id: number): Promise<void> {
  await db.update(recalls).set({ mailedAt: null }).where(eq(recalls.id, id));
}
