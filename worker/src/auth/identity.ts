import type { Context } from 'hono';
import { MSG } from '../contract/messages';
import type { Env } from '../env';
import { AppError, invalid } from '../lib/errors';
import { DUMMY_HASH, pepperOf, verifyPassword } from '../lib/password';
import { closeLiveSockets } from '../services/live/announce';
import { sendMail } from '../services/mail';
import { accountOf } from './identity.repo';
import {
  checkWithSignInDelay,
  clientAddress,
  IDENTITY_CHANGES_PER_ACCOUNT,
  IDENTITY_CHANGES_PER_ADDRESS,
  takeWithin,
} from './rate-limit';
import { checkSecondFactor, hasFactor } from './second-factor';

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
 * - Changing the email or the document needs the current password (and the code with a factor):
 *   with a stolen session alone, an attacker could otherwise move the account to their address and
 *   take it over with a reset, or probe who is registered. Wrong passwords count toward the
 *   account's sign-in delay.
 * - Such a change may answer 'already registered', which tells who has an account: they are
 *   counted per account and per address across sessions, and refused (429) for an hour past the limit.
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
  // An account without a password (a social sign-in's) completes its document with the provider's
  // sign-in as its proof; its email still cannot move without one.
  const needsPassword = emailChanged || account.passwordHash !== null;
  if (needsPassword) await checkOwnPassword(c, account, emailChanged, next);
  await takeWithin(
    db,
    [
      [`identity:account:${account.user.id}`, IDENTITY_CHANGES_PER_ACCOUNT],
      [`identity:address:${clientAddress(c)}`, IDENTITY_CHANGES_PER_ADDRESS],
    ],
    MSG.identityChangesExhausted,
  );
  return { emailChanged, oldEmail: account.email };
}

/** The current password (and the code, with a factor) before one's own email or document changes. */
async function checkOwnPassword(
  c: Context<Env>,
  account: Awaited<ReturnType<typeof ownAccount>>,
  emailChanged: boolean,
  next: { currentPassword?: string; code?: string },
): Promise<void> {
  const db = c.get('db');
  if (!next.currentPassword) {
    throw invalid({
      currentPassword: { msg: emailChanged ? MSG.currentPasswordRequired : MSG.currentPasswordForDocument },
    });
  }
  const currentPassword = next.currentPassword;
  const ok = await checkWithSignInDelay(db, account.email, MSG.signInSlowDown, async () =>
    Boolean(
      (await verifyPassword(currentPassword, account.passwordHash ?? DUMMY_HASH, pepperOf(c.env))) &&
        account.passwordHash,
    ),
  );
  if (!ok) throw invalid({ currentPassword: { msg: MSG.currentPasswordWrong } });
  await checkOwnCode(c, account.user, next.code);
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
 * After an email change took effect (its new address confirmed, every other session already ended):
 * the account's other live sockets close (the session that asked keeps its own), and the old
 * address is told, so an owner whose session was stolen learns of it.
 */
export async function afterEmailChanged(
  c: Context<Env>,
  change: { userId: number; keepSession: string | null; oldEmail: string; newEmail: string },
): Promise<void> {
  await closeLiveSockets(c.env, {
    user: change.userId,
    ...(change.keepSession ? { keep: change.keepSession } : {}),
  });
  await sendMail(c.get('db'), c.env, {
    to: change.oldEmail,
    subject: MSG.emailChangedSubject,
    text: `The email of your Clinic account was changed to ${maskEmail(change.newEmail)}. You now sign in with the new address, and every other session was ended.\n\nIf it was not you, contact the clinic right away.`,
  });
}
