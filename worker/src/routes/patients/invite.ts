import type { Context } from 'hono';
import type { Env } from '../../env';
import { appOrigin } from '../../lib/http';
import { sendMail } from '../../services/mail';
import { clinicName } from '../../services/mail.repo';
import { resetLink } from '../password/password';
import { issueResetToken } from '../password/password.repo';

/** Work that goes on after the answer (the request's waitUntil), or is awaited where there is none. */
export function afterAnswer(c: Context<Env>, work: Promise<void>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (app.request in a plain test): the work still runs, unawaited.
  }
}

/** An invitation stays good for a week: a patient registered at the desk may read it days later. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * A patient registered at the desk has no password: they are mailed an invitation to set one,
 * a single-use link exactly like a password reset's (spent on use, every older one dropped), that
 * lasts a week. Best effort: the patient is registered whether or not the mail can go out.
 */
export async function invitePatient(c: Context<Env>, email: string): Promise<void> {
  const db = c.get('db');
  try {
    const origin = appOrigin(c);
    const token = await issueResetToken(db, email, Date.now(), INVITATION_TTL_MS);
    if (!token) return;
    const clinic = (await clinicName(db))?.trim() || 'the clinic';
    await sendMail(db, c.env, {
      to: email,
      subject: `Your account at ${clinic}: set your password`,
      text: `${clinic} registered you as a patient. To see your turns, budgets and studies online, choose your password with this link within 7 days (it works once):\n\n${resetLink(origin, token)}\n\nAfter that you can still choose one with "Forgot your password?" on the sign-in page.`,
    });
  } catch (err) {
    console.error('patient invitation not sent', err);
  }
}
