import type { Context } from 'hono';
import { MSG } from '../contract/messages';
import type { Env } from '../env';
import { AppError, invalid } from '../lib/errors';
import { DUMMY_HASH, pepperOf, verifyPassword } from '../lib/password';
import { sendMail } from '../services/mail';
import { accountOf } from './identity.repo';
import { checkWithSignInDelay, IDENTITY_CHANGES_PER_SESSION, takeWithin } from './rate-limit';
import { checkSecondFactor, hasFactor } from './second-factor';
import { endOtherSessions } from './session.repo';

/** The signed-in user's own sign-in email, document and password hash, for the checks below. */
async function ownAccount(c: Context<Env>) {
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized', MSG.notSignedIn);
  const row = await accountOf(c.get('db'), user.id);
  if (!row) throw new AppError('unauthorized', MSG.notSignedIn);
  return { user, ...row };
}

/**
 * Checks a profile update of one's own account before it is written, and answers whether the sign-in
 * email changes.
 *
 * - Changing the email or the document may answer 'already registered', which tells who has an
 *   account: such updates are limited per session.
 * - Changing the email needs the current password: with a stolen session alone, an attacker could
 *   otherwise move the account to their address and take it over with a reset. Wrong passwords
 *   count toward the account's sign-in delay.
 */
export async function checkOwnIdentityChange(
  c: Context<Env>,
  next: { email: string; document?: string; currentPassword?: string; code?: string },
): Promise<{ emailChanged: boolean; oldEmail: string }> {
  const account = await ownAccount(c);
  const emailChanged = next.email !== account.email;
  const documentChanged = next.document !== undefined && next.document !== account.document;
  if (!emailChanged && !documentChanged) return { emailChanged, oldEmail: account.email };
  const db = c.get('db');
  await takeWithin(
    db,
    [[`identity:session:${account.user.sessionId}`, IDENTITY_CHANGES_PER_SESSION]],
    MSG.tooManyAttempts,
  );
  if (!emailChanged) return { emailChanged, oldEmail: account.email };
  if (!next.currentPassword) throw invalid({ currentPassword: { msg: MSG.currentPasswordRequired } });
  const currentPassword = next.currentPassword;
  const ok = await checkWithSignInDelay(db, account.email, MSG.signInSlowDown, async () =>
    Boolean(
      (await verifyPassword(currentPassword, account.passwordHash ?? DUMMY_HASH, pepperOf(c.env))) &&
        account.passwordHash,
    ),
  );
  if (!ok) throw invalid({ currentPassword: { msg: MSG.currentPasswordWrong } });
  await checkOwnCode(c, account.user, next.code);
  return { emailChanged, oldEmail: account.email };
}

/**
 * An address as a notice names it: its first character and its domain (`k***@example.com`), so the
 * old mailbox learns that the address changed without learning the new one.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  return `${[...local][0] ?? ''}***${at > 0 ? email.slice(at) : ''}`;
}

/**
 * With a second factor set up, a sensitive change also takes a code in the same request; a wrong
 * one counts toward the sign-in limit like a wrong password. Without a factor this passes.
 */
export async function checkOwnCode(
  c: Context<Env>,
  user: { id: number; email: string },
  code: string | undefined,
): Promise<void> {
  const db = c.get('db');
  if (!(await hasFactor(db, user.id))) return;
  if (!code) throw invalid({ code: { msg: MSG.secondFactorRequired } });
  if (!(await checkSecondFactor(db, c.env, user, code, MSG.signInSlowDown))) {
    throw invalid({ code: { msg: MSG.secondFactorWrong } });
  }
}

/**
 * Re-authentication for a change of the second factor itself: the current password (when the
 * account has one; a social sign-in account has none) and, when a factor is set up, its code.
 */
export async function reauthenticate(
  c: Context<Env>,
  given: { currentPassword?: string; code?: string },
): Promise<void> {
  const account = await ownAccount(c);
  const passwordHash = account.passwordHash;
  if (passwordHash) {
    const currentPassword = given.currentPassword;
    if (!currentPassword) throw invalid({ currentPassword: { msg: MSG.currentPasswordNeeded } });
    const ok = await checkWithSignInDelay(c.get('db'), account.email, MSG.signInSlowDown, () =>
      verifyPassword(currentPassword, passwordHash, pepperOf(c.env)),
    );
    if (!ok) throw invalid({ currentPassword: { msg: MSG.currentPasswordWrong } });
  }
  await checkOwnCode(c, account.user, given.code);
}

/**
 * After one's own email changed: every other session of the account ends (this one stays), and the
 * old address is told, so an owner whose session was stolen learns of it.
 */
export async function afterOwnEmailChange(
  c: Context<Env>,
  oldEmail: string,
  newEmail: string,
): Promise<void> {
  const user = c.get('user');
  if (!user) return;
  const db = c.get('db');
  await endOtherSessions(db, user.id, user.sessionId);
  await sendMail(db, c.env, {
    to: oldEmail,
    subject: MSG.emailChangedSubject,
    text: `The email of your Clinic account was changed to ${maskEmail(newEmail)}. You now sign in with the new address, and every other session was ended.\n\nIf it was not you, contact the clinic right away.`,
  });
}
