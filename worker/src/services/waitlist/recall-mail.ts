import { localDate } from '../../contract/turns';
import { openDb } from '../../db/client';
import { findClinic } from '../../db/clinics.repo';
import type { Bindings } from '../../env';
import { sendMail } from '../mail';
import { appOrigin } from '../reminders';
import { claimRecallMail, recallsToMail, releaseRecallMail } from './recall-mail.repo';

/**
 * The recall mail: once, on the due date (or the first run after it), to patients who take
 * reminders (the reminders opt-out covers it), with a link to book in the portal. Each recall is
 * claimed (`mailed_at`) before the hand-over and released if it fails. Answers how many went out.
 */
export async function sendRecallMails(env: Bindings, now: Date): Promise<number> {
  const db = openDb(env);
  const clinic = await findClinic(db);
  if (!clinic) return 0;
  const today = localDate(now, clinic.timeZone);
  const due = await recallsToMail(db, today);
  const bookUrl = `${appOrigin(env)}/home/appointment`;
  let sent = 0;
  for (const r of due) {
    if (!(await claimRecallMail(db, r.id, now.toISOString()))) continue;
    try {
      await sendMail(db, env, {
        to: r.email,
        subject: `Time for your check-up at ${clinic.name}`,
        text: [
          `Hello ${r.name},`,
          '',
          `It is time for your check-up at ${clinic.name} (due ${r.dueDate}).`,
          `Book a turn: ${bookUrl}`,
        ].join('\n'),
      });
      sent += 1;
    } catch (err) {
      await releaseRecallMail(db, r.id);
      console.error('recall not sent', r.id, err);
    }
  }
  return sent;
}
