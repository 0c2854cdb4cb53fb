import { and, eq, inArray, sql } from 'drizzle-orm';
import { optOutToken } from '../auth/opt-out';
import { parseOfficeHours } from '../contract/office-hours';
import { localDate, turnStart } from '../contract/turns';
import { openDb } from '../db/client';
import { patients, turnReminders, turns, users } from '../db/schema';
import type { Bindings } from '../env';
import { findClinic } from '../routes/clinics/clinics.repo';
import { deliverTurnMail, turnMail } from './turn-mail';

const HOUR = 3_600_000;
/** A reminder goes out for turns starting this many hours ahead, judged in the clinic's zone. */
export const REMINDER_WINDOW_HOURS = { from: 20, to: 28 } as const;

/** Links in mails sent with no request to take an origin from. */
export const appOrigin = (env: Bindings): string => env.APP_ORIGIN ?? 'http://localhost:8787';

/**
 * The Cron Trigger's work (every 15 minutes): mails each patient whose turn both sides accepted
 * starts 20 to 28 hours from `now`, unless the patient switched reminders off. A cancelled turn is
 * deleted, so it never gets one. Each (turn, date, time) is claimed under a unique key before the
 * mail is handed over, so overlapping runs send it once; a failed hand-over releases the claim and
 * the next run tries again. A moved turn has a new date or time and so gets its own reminder.
 * Answers how many reminders went out.
 */
export async function sendDueReminders(env: Bindings, now: Date): Promise<number> {
  const db = openDb(env);
  const clinic = await findClinic(db);
  if (!clinic || !parseOfficeHours(clinic.officeHours)) return 0;
  const from = now.getTime() + REMINDER_WINDOW_HOURS.from * HOUR;
  const to = now.getTime() + REMINDER_WINDOW_HOURS.to * HOUR;
  const dates = [...new Set([from, to].map((ms) => localDate(new Date(ms), clinic.timeZone)))];
  const due = await db
    .select({
      id: turns.id,
      date: turns.date,
      time: turns.time,
      duration: turns.duration,
      patientId: patients.id,
      email: users.email,
      name: users.name,
    })
    .from(turns)
    .innerJoin(patients, eq(patients.id, turns.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        inArray(turns.date, dates),
        eq(turns.medicAccepts, true),
        eq(turns.patientAccepts, true),
        eq(patients.reminders, true),
        sql`NOT EXISTS (SELECT 1 FROM turn_reminders r WHERE r.turn_id = ${turns.id} AND r.date = ${turns.date} AND r.time = ${turns.time})`,
      ),
    )
    .all();
  let sent = 0;
  const origin = appOrigin(env);
  for (const turn of due) {
    const start = turnStart(turn.date, turn.time, clinic.timeZone).getTime();
    if (start < from || start >= to) continue;
    const [claim] = await db
      .insert(turnReminders)
      .values({ turnId: turn.id, date: turn.date, time: turn.time })
      .onConflictDoNothing()
      .returning({ id: turnReminders.id });
    if (!claim) continue; // another run has it
    const mail = turnMail('reminder', {
      to: turn.email,
      patientName: turn.name,
      turn,
      clinic,
      appointmentsUrl: `${origin}/home/appointment`,
      optOutUrl: `${origin}/api/reminders/off?token=${await optOutToken(env, turn.patientId)}`,
    });
    try {
      await deliverTurnMail(db, env, mail);
      sent += 1;
    } catch (err) {
      await db.delete(turnReminders).where(eq(turnReminders.id, claim.id));
      console.error('reminder not sent', turn.id, err);
    }
  }
  return sent;
}
