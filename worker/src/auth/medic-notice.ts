import type { Context } from 'hono';
import type { Env } from '../env';
import { sendMail } from '../services/mail';
import { approvedMedicEmails } from './identity.repo';

/**
 * Tells every medic of the clinic about a change that hands out access (a medic account added, the
 * sign-in policy loosened), so a stolen session that makes itself permanent does not go unseen.
 * The account the change is about (`about`) is not mailed the notice.
 */
export async function tellEveryMedic(
  c: Context<Env>,
  subject: string,
  text: string,
  about: readonly number[] = [],
): Promise<void> {
  const db = c.get('db');
  const who = c.get('user')?.email ?? 'a medic of the clinic';
  for (const to of await approvedMedicEmails(db, about)) {
    await sendMail(db, c.env, {
      to,
      subject,
      text: `${text}\n\nDone by ${who}. If nobody at the clinic meant to do it, sign in, check the medics and the clinic settings, and contact the clinic's administrator right away.`,
    });
  }
}
