import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clinics, recoveryCodes, users } from '../db/schema';

/** The factor of one account: the sealed secret, if any, and what the status answer needs. */
export async function factorOf(db: Db, userId: number) {
  return db
    .select({
      email: users.email,
      userType: users.userType,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/** Whether the clinic's policy requires a second factor for medics (no clinic yet: no). */
export async function clinicRequiresFactor(db: Db): Promise<boolean> {
  const row = await db
    .select({ on: clinics.requireMedicSecondFactor })
    .from(clinics)
    .orderBy(asc(clinics.id))
    .limit(1)
    .get();
  return row?.on ?? false;
}

/** How many of the account's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

/** Keeps a sealed secret as the account's pending factor (a second start replaces it). */
export async function setPendingSecret(db: Db, userId: number, sealed: string): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId));
}

/**
 * Takes the step of a code once: the row moves to `step` only from an earlier one, in one
 * statement, so a replayed code (or two racing requests with one code) passes at most once.
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses one recovery code (by its hash), once: the update that marks it used is the check. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: Date.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/** The confirmed secret becomes the account's factor, its recovery codes replaced, in one batch. */
export async function enableFactor(
  db: Db,
  userId: number,
  factor: { secret: string; step: number; codeHashes: string[] },
): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({
        totpSecret: factor.secret,
        totpPendingSecret: null,
        totpLastStep: factor.step,
        // Enrolled before the address was proven: a reset through the mailbox will end it.
        factorUnconfirmed: sql`NOT ${users.emailConfirmed}`,
      })
      .where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(factor.codeHashes.map((codeHash) => ({ userId, codeHash }))),
  ]);
}

/** Removes the factor and its recovery codes (turned off, or reset by a medic of the clinic). */
export async function removeFactor(db: Db, userId: number): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, factorUnconfirmed: false })
      .where(eq(users.id, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
}
