import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export const LOGIN_PER_EMAIL: Limit = { max: 5, windowMs: 15 * 60 * 1000 };
export const LOGIN_PER_ADDRESS: Limit = { max: 30, windowMs: 15 * 60 * 1000 };
export const RESET_PER_EMAIL: Limit = { max: 3, windowMs: 15 * 60 * 1000 };
export const RESET_PER_ADDRESS: Limit = { max: 10, windowMs: 15 * 60 * 1000 };

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

/** Counts one attempt in a fixed window, atomically in the database so every isolate sees it. */
export async function countAttempt(db: Db, key: string, limit: Limit): Promise<void> {
  const at = Date.now();
  const stale = at - limit.windowMs;
  await db
    .insert(rateLimits)
    .values({ key, windowStart: at, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < ${stale} THEN ${at} ELSE ${rateLimits.windowStart} END`,
      },
    });
}

export function clientAddress(headers: { header(name: string): string | undefined }): string {
  return (
    headers.header('cf-connecting-ip') ?? headers.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'local'
  );
}
