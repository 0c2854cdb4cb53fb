import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/** A limit on attempts: at most `max` in one window of `windowMs`. */
export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

/** The sign-in delay's terms (auth/rate-limit's `SIGN_IN_DELAY`). */
export interface SignInDelay {
  /** Failures allowed before any wait. */
  free: number;
  firstMs: number;
  maxMs: number;
  /** Failures older than this are forgotten. */
  forgetMs: number;
}

/** The query of the row counted under `key`: its count and when its window started (or its last check). */
const limitQuery = (db: Db, key: string) =>
  db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);

/** The row counted under `key` (`limitQuery`), or undefined when nothing is counted. */
async function limitRow(db: Db, key: string): Promise<{ count: number; windowStart: number } | undefined> {
  return limitQuery(db, key).get();
}

/** Attempts counted so far in the current window (0 when the window has passed). */
export async function attemptsIn(db: Db, key: string, limit: Limit): Promise<number> {
  const row = await limitRow(db, key);
  if (!row || row.windowStart < Date.now() - limit.windowMs) return 0;
  return row.count;
}

/** How long until the current window of `key` under `limit` is over (0 when it is). */
export async function windowLeftMs(db: Db, key: string, limit: Limit, at = Date.now()): Promise<number> {
  const row = await limitRow(db, key);
  return row ? Math.max(0, row.windowStart + limit.windowMs - at) : 0;
}

/**
 * Counts one attempt and answers how many the window now holds, in one statement: N racing
 * requests get N different answers, so a check `<= max` lets at most `max` of them through.
 */
export async function takeAttempt(db: Db, key: string, limit: Limit): Promise<number> {
  const at = Date.now();
  const stale = at - limit.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: at, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < ${stale} THEN ${at} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** Gives back an attempt taken with `takeAttempt` that turned out not to count (a success, a refusal). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.count} > 0`);
}

/** The wait of `signInDelayMs` in SQL, over the stored count (a shift, capped before it could overflow). */
const delaySql = ({ free, firstMs, maxMs }: SignInDelay) => sql`CASE WHEN ${rateLimits.count} < ${free} THEN 0
  WHEN ${rateLimits.count} >= ${free + 20} THEN ${maxMs}
  ELSE min(${maxMs}, ${firstMs} << (${rateLimits.count} - ${free})) END`;

/**
 * Admits a check of the secret under `key` and counts it as a failure, in one statement, only when
 * the `delay` of the failures so far is over (failures before `forgotten` no longer count). The row
 * as it was before is read in the same round trip: a refused check's wait, and what a check that
 * was no failure gives back (`giveBackSignInCheck`), are worked out from it.
 */
export async function admitSignInCheck(
  db: Db,
  key: string,
  { at, forgotten, delay }: { at: number; forgotten: number; delay: SignInDelay },
): Promise<{ admitted: boolean; before: { count: number; windowStart: number } | undefined }> {
  const [before, admitted] = await db.batch([
    limitQuery(db, key),
    db
      .insert(rateLimits)
      .values({ key, windowStart: at, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} < ${forgotten} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`${at}`,
        },
        setWhere: sql`${rateLimits.windowStart} < ${forgotten} OR ${rateLimits.windowStart} + (${delaySql(delay)}) <= ${at}`,
      })
      .returning({ count: rateLimits.count }),
  ]);
  return { admitted: admitted.length > 0, before: before[0] };
}

/**
 * Gives back a check admitted by `admitSignInCheck` at `at` that was no failure: one failure fewer,
 * and the last check back to `lastCheck` (the one before it), unless another check was admitted since.
 */
export async function giveBackSignInCheck(
  db: Db,
  key: string,
  { at, lastCheck }: { at: number; lastCheck: number },
): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      count: sql`max(${rateLimits.count} - 1, 0)`,
      windowStart: sql`CASE WHEN ${rateLimits.windowStart} = ${at} THEN ${lastCheck} ELSE ${rateLimits.windowStart} END`,
    })
    .where(sql`${rateLimits.key} = ${key}`);
}

/** Forgets the attempts counted under `key`. */
export async function deleteLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Forgets every row whose key starts with `prefix`. */
export async function deleteLimitsUnder(db: Db, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`substr(${rateLimits.key}, 1, ${prefix.length}) = ${prefix}`);
}

/** Remembers `key` as of `at` (a fact with a date, such as an address an account signed in from). */
export async function remember(db: Db, key: string, at = Date.now()): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, windowStart: at, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: at } });
}

/** Whether `key` was remembered after `since`. */
export async function remembered(db: Db, key: string, since: number): Promise<boolean> {
  const row = await db
    .select({ at: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`)
    .get();
  return row !== undefined && row.at >= since;
}
