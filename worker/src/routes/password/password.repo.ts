import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import { passwordResets, recoveryCodes, sessions, users } from '../../db/schema';
import { signsInWith } from '../../db/users.repo';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';

/** A reset link is good for 30 minutes and one use. */
export const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * Issues a reset token for the account with this email and answers it, or null when there is no
 * such account. Only the SHA-256 of the token is stored, with the address it is mailed to, and a
 * new token revokes the user's older unused ones: only the latest link works. The database ends
 * every outstanding token when the account's email or password changes (triggers, migration 0015).
 */
export async function issueResetToken(
  db: Db,
  email: string,
  at = Date.now(),
  ttlMs = RESET_TTL_MS,
): Promise<string | null> {
  const user = await db.select({ id: users.id }).from(users).where(signsInWith(email)).get();
  if (!user) return null;
  const token = randomToken();
  await db.batch([
    db.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))),
    db
      .insert(passwordResets)
      .values({ tokenHash: await sha256Hex(token), userId: user.id, email, expiresAt: at + ttlMs }),
  ]);
  return token;
}

/**
 * Sets a new password with a reset token: the token must be unused, unexpired, mailed to `email`,
 * and `email` must still be its account's address. The token is spent, every other token of the user dropped and every session
 * ended, in one batch. Any failure is the same 403 'Error updating password'.
 */
export async function resetPassword(
  db: Db,
  pepper: string,
  input: { email: string; token: string; password: string },
  at = Date.now(),
): Promise<number> {
  const tokenHash = await sha256Hex(input.token);
  const row = await db
    .select({ userId: passwordResets.userId, mailedTo: passwordResets.email, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, at),
      ),
    )
    .get();
  if (!row || row.mailedTo !== input.email || row.email !== input.email)
    throw new AppError('forbidden', MSG.errorUpdatingPassword);
  const passwordHash = await hashPassword(input.password, pepper);
  // Spend the token first and only where still unused: of two racing requests exactly one changes
  // the password.
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
    .returning({ userId: passwordResets.userId });
  if (spent.length === 0) throw new AppError('forbidden', MSG.errorUpdatingPassword);
  // The link came through the mailbox, which proves the address: the email is confirmed, and a
  // second factor enrolled while it was not (perhaps by someone who squatted the address) ends.
  await db.batch([
    db.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, row.userId)),
    db
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, factorUnconfirmed: false })
      .where(and(eq(users.id, row.userId), eq(users.factorUnconfirmed, true))),
    db
      .delete(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.userId, row.userId),
          sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${row.userId} AND ${users.totpSecret} IS NOT NULL)`,
        ),
      ),
    db
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt))),
    db.delete(sessions).where(eq(sessions.userId, row.userId)),
  ]);
  return row.userId;
}

/** Replaces the password of a signed-in user and ends all of that user's sessions. */
export async function changePassword(
  db: Db,
  pepper: string,
  userId: number,
  newPassword: string,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword, pepper);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
  ]);
}

/** The stored password hash of a user; null for an account without a password (social sign-in only). */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row?.passwordHash ?? null;
}
