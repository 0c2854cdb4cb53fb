import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** A write's first answer, kept under its key (status 0 while that write is under way). */
export interface KeptAnswer {
  status: number;
  body: string;
  etag: string | null;
}

/** Claims `id` for the write now under way: false when it was claimed before (its answer, or a copy under way). */
export async function claimKey(db: Db, id: string): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ id, status: 0, body: '' })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return claimed.length > 0;
}

/** The answer kept under `id`, if any. */
export function keptAnswer(db: Db, id: string): Promise<KeptAnswer | undefined> {
  return db
    .select({ status: idempotencyKeys.status, body: idempotencyKeys.body, etag: idempotencyKeys.etag })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.id, id))
    .get();
}

/** Keeps the claimed write's 2xx answer under its key. */
export async function keepAnswer(db: Db, id: string, answer: KeptAnswer): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(eq(idempotencyKeys.id, id));
}

/** Gives a claimed key back (its write was not answered 2xx): trying again runs afresh. */
export async function giveKeyBack(db: Db, id: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

/** Forgets the answers kept since before `before` (an ISO time). */
export async function forgetKeysBefore(db: Db, before: string): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`${before}`));
}
