import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailConfirmations, patients, sessions, users } from '../db/schema';
import { signsInWith } from '../db/users.repo';
import { randomToken, sha256Hex } from '../lib/crypto';

export type ConfirmationKind = 'signup' | 'change';

/** A sign-up's link lasts a week (a patient may read it days later); an email change's a day. */
export const CONFIRMATION_TTL_MS: Record<ConfirmationKind, number> = {
  signup: 7 * 24 * 3_600_000,
  change: 24 * 3_600_000,
};

/**
 * Issues a confirmation token for `email` and answers it. A new link of a kind ends the account's
 * older unused ones of that kind (only the latest email change waits); a sign-up's marks the
 * account unconfirmed in the same batch.
 */
export async function issueConfirmation(
  db: Db,
  link: { userId: number; email: string; kind: ConfirmationKind; sessionId?: string | null },
  at = Date.now(),
): Promise<string> {
  const token = randomToken();
  const drop = db
    .delete(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, link.userId),
        eq(emailConfirmations.kind, link.kind),
        isNull(emailConfirmations.usedAt),
      ),
    );
  const insert = db.insert(emailConfirmations).values({
    tokenHash: await sha256Hex(token),
    userId: link.userId,
    email: link.email,
    kind: link.kind,
    sessionId: link.sessionId ?? null,
    expiresAt: at + CONFIRMATION_TTL_MS[link.kind],
  });
  if (link.kind === 'signup') {
    await db.batch([
      drop,
      insert,
      db.update(users).set({ emailConfirmed: false }).where(eq(users.id, link.userId)),
    ]);
  } else {
    await db.batch([drop, insert]);
  }
  return token;
}

/** An unused, unexpired link with its account's current email and patient record; else undefined. */
export async function findConfirmation(db: Db, token: string, at = Date.now()) {
  return db
    .select({
      tokenHash: emailConfirmations.tokenHash,
      userId: emailConfirmations.userId,
      email: emailConfirmations.email,
      kind: emailConfirmations.kind,
      sessionId: emailConfirmations.sessionId,
      accountEmail: users.email,
      patientId: patients.id,
    })
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .leftJoin(patients, eq(patients.userId, emailConfirmations.userId))
    .where(
      and(
        eq(emailConfirmations.tokenHash, await sha256Hex(token)),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, at),
      ),
    )
    .get();
}

/** Spends a link, only where still unused: of two racing uses exactly one answers true. */
export async function spendConfirmation(db: Db, tokenHash: string, at = Date.now()): Promise<boolean> {
  const spent = await db
    .update(emailConfirmations)
    .set({ usedAt: at })
    .where(and(eq(emailConfirmations.tokenHash, tokenHash), isNull(emailConfirmations.usedAt)))
    .returning({ userId: emailConfirmations.userId });
  return spent.length === 1;
}

/** Gives a spent link its use back (the change it made was refused). */
export async function unspendConfirmation(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({ usedAt: null })
    .where(eq(emailConfirmations.tokenHash, tokenHash));
}

/** The sign-up's address is proven (its link, or a reset through the mailbox). */
export async function markConfirmed(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
}

/** Whether an account other than `userId` already signs in with `email`. */
export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(signsInWith(email), ne(users.id, userId)))
    .get();
  return row !== undefined;
}

/**
 * The new address confirmed: it becomes the account's sign-in email (proven), the account's other
 * waiting changes end, and every session but the one that asked ends, in one batch.
 */
export async function applyEmailChange(
  db: Db,
  change: { userId: number; email: string; sessionId: string | null },
): Promise<void> {
  const { userId, email, sessionId } = change;
  await db.batch([
    db.update(users).set({ email, emailConfirmed: true }).where(eq(users.id, userId)),
    db
      .delete(emailConfirmations)
      .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.usedAt))),
    db
      .delete(sessions)
      .where(
        sessionId
          ? and(eq(sessions.userId, userId), ne(sessions.id, sessionId))
          : eq(sessions.userId, userId),
      ),
  ]);
}
