import type { Db } from '../db/client';
import { type Bindings, isLocal } from '../env';
import { TooManyRequests } from '../lib/errors';
import {
  admitSignInCheck,
  deleteLimit,
  deleteLimitsUnder,
  giveBackSignInCheck,
  type Limit,
  type SignInDelay,
  takeAttempt,
  windowLeftMs,
} from './rate-limit.repo';

/**
 * Failed sign-ins from one address. Only failures count (a success gives its attempt back), and the
 * limit is high: a clinic's front desk and waiting room share one address behind their router, and
 * one person's wrong passwords must not shut everyone else out. Guessing one account is bounded by
 * the per-email delay (`checkWithSignInDelay`), not by this.
 */
export const LOGIN_FAILURES_PER_ADDRESS: Limit = { max: 300, windowMs: 15 * 60 * 1000 };
export const RESET_PER_EMAIL: Limit = { max: 3, windowMs: 15 * 60 * 1000 };
export const RESET_PER_ADDRESS: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
/**
 * Sign-ups from one address: 20 accounts an hour (`SIGNUP_PER_ADDRESS`; a medic registering patients
 * at the desk is not counted, so a clinic behind one router registers its patients that way). A
 * refused sign-up (409: the email or document is registered) says who is registered, so those are
 * bounded as well (`SIGNUP_REFUSALS_PER_ADDRESS`): a sweep of emails or documents learns at most that
 * many. Local runs may raise the accounts' count (`signUpsPerAddress`): the end-to-end run signs up
 * far more than 20 people from one address.
 */
export const SIGNUP_PER_ADDRESS: Limit = { max: 20, windowMs: 60 * 60 * 1000 };
export const SIGNUP_REFUSALS_PER_ADDRESS: Limit = { max: 20, windowMs: 60 * 60 * 1000 };
/**
 * Profile updates that change an email or document may reveal who is registered ('already
 * registered'): counted per account and per address, across sessions (a new sign-in gives no more),
 * and refused for an hour once past the limit. The address allows more: a clinic shares one.
 */
export const IDENTITY_CHANGES_PER_ACCOUNT: Limit = { max: 10, windowMs: 60 * 60 * 1000 };
export const IDENTITY_CHANGES_PER_ADDRESS: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

/** The sign-ups' limit: SIGNUP_PER_ADDRESS, or locally LOCAL_SIGNUPS_PER_HOUR when set (never deployed). */
export function signUpsPerAddress(env: Bindings): Limit {
  const local = Number(env.LOCAL_SIGNUPS_PER_HOUR);
  if (!isLocal(env) || !Number.isInteger(local) || local <= 0) return SIGNUP_PER_ADDRESS;
  return { ...SIGNUP_PER_ADDRESS, max: local };
}

/**
 * Counts one request under every limit at once; 429 when any is past its max (see `takeAttempt`),
 * with `Retry-After` the longest time left of the windows it is past.
 */
export async function takeWithin(db: Db, limits: [string, Limit][], msg: string): Promise<void> {
  const counts = await Promise.all(limits.map(([key, limit]) => takeAttempt(db, key, limit)));
  const over = limits.filter(([, limit], i) => (counts[i] ?? 0) > limit.max);
  if (over.length > 0) throw await refusedFor(db, over, msg);
}

/** The 429 of limits that are past their max, to be asked again once every one's window is over. */
export async function refusedFor(db: Db, over: [string, Limit][], msg: string): Promise<TooManyRequests> {
  const left = await Promise.all(over.map(([key, limit]) => windowLeftMs(db, key, limit)));
  return new TooManyRequests(msg, Math.max(0, ...left));
}

/**
 * Wrong passwords slow an account down, they never lock it. The first `free` failures in a row cost
 * nothing (a typo, a retry); after `n` failures the next check of that email waits 2^(n-free)
 * seconds (1 s, 2 s, 4 s …), at most `maxMs`; once the wait is over the right password signs in as
 * always. Failures older than `forgetMs` are forgotten, and a success (or a password reset) clears them.
 */
export const SIGN_IN_DELAY: SignInDelay = {
  free: 3,
  firstMs: 1000,
  maxMs: 5 * 60 * 1000,
  forgetMs: 24 * 60 * 60 * 1000,
};

/** The wait after `failures` failed checks in a row, as `checkWithSignInDelay` applies it. */
export function signInDelayMs(failures: number): number {
  const { free, firstMs, maxMs } = SIGN_IN_DELAY;
  if (failures < free) return 0;
  return Math.min(maxMs, firstMs * 2 ** Math.min(failures - free, 30));
}

/**
 * The row of an email's failed checks: `count` failures in a row, `windowStart` the last check
 * admitted. Sign-in judges the delay per email *and* source address (`source`), so someone sending
 * wrong passwords from elsewhere slows down only themselves, never the owner's right password.
 */
export const signInDelayKey = (email: string, source?: string): string =>
  source === undefined ? `signin:delay:${email}` : `signin:delay:${email}|${source}`;

/**
 * An address an account signed in from (kept `KNOWN_ADDRESS_MS`): the per-address failure limit
 * never refuses that account's sign-in from there.
 */
export const knownAddressKey = (email: string, source: string): string => `signin:known:${source}|${email}`;
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

/** What a sign-in check answers when its secret was right but a further step is owed (`checkWithSignInDelay`). */
export const NOT_A_FAILURE = 'not-a-failure' as const;

/**
 * The one gate of every secret checked for an account (a password at sign-in, the current password
 * before a change; a second factor may use it too): it counts a failed attempt and applies the
 * growing per-email delay.
 *
 * The attempt is admitted and counted as a failure in one statement, only when the delay of the
 * failures so far is over. A
 * check that passes clears the count; one that fails leaves it counted. A burst of parallel
 * guesses is checked at most `free` times (the free failures), then one per delay. An attempt refused for its
 * delay is answered 429 `msg` (with `Retry-After`, the wait left) without running `check`, and does
 * not lengthen the delay.
 *
 * A check may also answer `NOT_A_FAILURE`: the secret was right but another step is still owed (the
 * right password of an account with a second factor, its code not sent yet). That attempt is given
 * back, as if it had not been made: it neither counts as a failure nor clears the failures so far
 * (a known password buys no code guesses).
 */
export async function checkWithSignInDelay<T extends boolean | typeof NOT_A_FAILURE>(
  db: Db,
  email: string,
  msg: string,
  check: () => Promise<T>,
  at = Date.now(),
  source?: string,
): Promise<T> {
  const key = signInDelayKey(email, source);
  const forgotten = at - SIGN_IN_DELAY.forgetMs;
  const { admitted, before } = await admitSignInCheck(db, key, { at, forgotten, delay: SIGN_IN_DELAY });
  if (!admitted) {
    // Refused, so the row is as it was: its wait is what is left of the delay.
    throw new TooManyRequests(msg, before ? before.windowStart + signInDelayMs(before.count) - at : 0);
  }
  const ok = await check();
  if (ok === NOT_A_FAILURE) {
    const kept = before !== undefined && before.windowStart >= forgotten;
    await giveBackSignInCheck(db, key, { at, lastCheck: kept ? before.windowStart : at });
  } else if (ok) await deleteLimit(db, key);
  return ok;
}

/** Forgets an email's failed checks from every source (a password reset). */
export async function clearSignInDelay(db: Db, email: string): Promise<void> {
  await deleteLimit(db, signInDelayKey(email));
  await deleteLimitsUnder(db, `${signInDelayKey(email)}|`);
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
