import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../lib/errors';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export const LOGIN_PER_EMAIL: Limit = { max: 5, windowMs: 15 * 60 * 1000 };
export const LOGIN_PER_ADDRESS: Limit = { max: 30, windowMs: 15 * 60 * 1000 };
export const RESET_PER_EMAIL: Limit = { max: 3, windowMs: 15 * 60 * 1000 };
export const RESET_PER_ADDRESS: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
/** Sign-ups from one address: a clinic's front desk may register a few in a row, a script may not. */
export const SIGNUP_PER_ADDRESS: Limit = { max: 20, windowMs: 60 * 60 * 1000 };
/** Profile updates that change an email or document may reveal who is registered: per session. */
export const IDENTITY_CHANGES_PER_SESSION: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

/** Attempts counted so far in the current window (0 when the window has passed). */
export async function attemptsIn(db: Db, key: string, limit: Limit): Promise<number> {
  const row = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`)
    .get();
  if (!row || row.windowStart < Date.now() - limit.windowMs) return 0;
  return row.count;
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

/** Counts one request under every limit at once; 429 when any is past its max (see `takeAttempt`). */
export async function takeWithin(db: Db, limits: [string, Limit][], msg: string): Promise<void> {
  const counts = await Promise.all(limits.map(([key, limit]) => takeAttempt(db, key, limit)));
  if (counts.some((n, i) => n > (limits[i]?.[1].max ?? 0))) throw new AppError('too_many_requests', msg);
}

/** Gives back an attempt taken with `takeAttempt` that turned out not to count (a success, a refusal). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.count} > 0`);
}

/**
 * A password check under the per-email sign-in limit: the attempt is counted before `check` runs,
 * in one statement, so parallel guesses cannot all read a count under the limit; it is given back
 * when `check` passes. Over the limit, `check` does not run and the answer is 429 with `msg`.
 */
export async function withinSignInLimit(
  db: Db,
  email: string,
  msg: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const key = `login:email:${email}`;
  if ((await takeAttempt(db, key, LOGIN_PER_EMAIL)) > LOGIN_PER_EMAIL.max) {
    await giveBack(db, key);
    throw new AppError('too_many_requests', msg);
  }
  const ok = await check();
  if (ok) await giveBack(db, key);
  return ok;
}

/** Forgets every attempt counted under `key` (a password reset lifts the sign-in lockout). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/**
 * The client's address for the per-address limits. Deployed on Workers, Cloudflare's edge sets
 * `CF-Connecting-IP` itself, so it is trusted there and only there. In local mode the header is
 * whatever the client sent (wrangler dev keeps a client's value), and the server listens on
 * loopback only, so every caller is this machine: one address. `X-Forwarded-For` is never trusted.
 */
export function clientAddress(c: {
  env: { ENVIRONMENT?: string };
  req: { header(name: string): string | undefined };
}): string {
  if (c.env.ENVIRONMENT === 'local') return 'loopback';
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}
