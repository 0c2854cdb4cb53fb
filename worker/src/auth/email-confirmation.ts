import type { Context } from 'hono';
import { MSG } from '../contract/messages';
import { type Env, isLocal } from '../env';
import { appOrigin } from '../lib/http';
import { mailConfigured, requireMail, sendMail } from '../services/mail';
import { issueConfirmation } from './email-confirmation.repo';

/** The mailed link: a page served by the worker, whose button confirms (mail scanners follow links). */
export const confirmationUrl = (origin: string, token: string): string =>
  `${origin}/api/email/confirm?token=${encodeURIComponent(token)}`;

/**
 * After a sign-up: the account is recorded unconfirmed and its address is mailed a confirmation
 * link. The account signs in and books as before; the calendar marks its requests until the link
 * is used. Sign-up never fails on this: where no mail can be sent, nothing is recorded and the
 * account counts as confirmed (there would be no way to confirm it).
 */
export async function confirmSignUpEmail(
  c: Context<Env>,
  account: { userId: number; email: string },
): Promise<void> {
  if (!mailConfigured(c.env) && !isLocal(c.env)) return;
  try {
    const origin = appOrigin(c);
    const token = await issueConfirmation(c.get('db'), { ...account, kind: 'signup' });
    await sendMail(c.get('db'), c.env, {
      to: account.email,
      subject: MSG.emailConfirmSubject,
      text: `Welcome to the Clinic. To confirm that this address is yours, open this link and press the button:\n\n${confirmationUrl(origin, token)}\n\nThe link works once, for a week. If you did not sign up, ignore this message.`,
    });
  } catch (err) {
    console.error('sign-up confirmation mail failed', err);
  }
}

/**
 * One's own email change waits for the new address: a link is mailed to it, and only its use makes
 * the change (the old address stays the sign-in email until then). Mail must be possible first.
 */
async function requestEmailChange(
  c: Context<Env>,
  change: { userId: number; sessionId: string; newEmail: string },
): Promise<void> {
  requireMail(c.env);
  const origin = appOrigin(c);
  const token = await issueConfirmation(c.get('db'), {
    userId: change.userId,
    email: change.newEmail,
    kind: 'change',
    sessionId: change.sessionId,
  });
  await sendMail(c.get('db'), c.env, {
    to: change.newEmail,
    subject: MSG.emailChangeConfirmSubject,
    text: `Someone asked to make this address the sign-in email of a Clinic account. To confirm, open this link within 24 hours and press the button:\n\n${confirmationUrl(origin, token)}\n\nUntil then the account keeps its old email. If it was not you, ignore this message.`,
  });
}

/**
 * The answer of a saved profile whose owner may have given a new email (Update my data, a medic's
 * own record): `answer` as it is when the email stayed; otherwise the change is asked for (the link
 * mailed to the new address) and the answer names the new email in `emailPending`, the account
 * keeping the old one until the link is used.
 */
export async function withEmailChange<T extends object>(
  c: Context<Env>,
  answer: T,
  newEmail: string | null,
): Promise<T | (T & { emailPending: string })> {
  if (newEmail === null) return answer;
  const user = c.get('user');
  if (user) await requestEmailChange(c, { userId: user.id, sessionId: user.sessionId, newEmail });
  return { ...answer, emailPending: newEmail };
}
