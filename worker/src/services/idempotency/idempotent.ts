import { createMiddleware } from 'hono/factory';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../contract/idempotency';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { claimKey, forgetKeysBefore, giveKeyBack, keepAnswer, keptAnswer } from './idempotency.repo';

/** A replayed answer says so. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's answer is kept. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write sent again with the same `Idempotency-Key` by the same user, to the same method and path,
 * is answered with the first request's 2xx answer (and `Idempotent-Replayed: true`) instead of being
 * done again: a form saved again after a network blip lost the answer writes once. The key is
 * claimed before the handler runs, so a second copy arriving while the first is under way is 409;
 * a first request that was not answered 2xx gives the key back, so trying again runs afresh. Only a
 * signed-in write with the header pays for it (one read or insert, one update); dry runs never.
 */
export const idempotent = createMiddleware<Env>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const user = c.get('user');
  if (!key || !user || !WRITES.has(c.req.method) || c.req.query('validate') === 'true') return next();
  if (!IDEMPOTENCY_KEY.test(key)) throw new AppError('bad_request', MSG.idempotencyKeyInvalid);
  const id = `${user.id}|${c.req.method} ${c.req.path}|${key}`;
  const db = c.get('db');
  if (!(await claimKey(db, id))) {
    const first = await keptAnswer(db, id);
    if (!first || first.status === 0) throw new AppError('conflict', MSG.sameWriteUnderWay);
    const headers: Record<string, string> = { 'content-type': 'application/json', [REPLAYED_HEADER]: 'true' };
    if (first.etag) headers.ETag = first.etag;
    return c.body(first.body, first.status as 200, headers);
  }
  let kept = false;
  try {
    await next();
    const res = c.res;
    if (res.status >= 200 && res.status < 300 && res.headers.get('content-type')?.includes('json')) {
      await keepAnswer(db, id, {
        status: res.status,
        body: await res.clone().text(),
        etag: res.headers.get('etag'),
      });
      kept = true;
    }
  } finally {
    if (!kept) await giveKeyBack(db, id);
  }
});

/** Forgets the answers kept longer than `IDEMPOTENCY_KEEP_MS` (the scheduled run). */
export async function forgetOldIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await forgetKeysBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS).toISOString());
}
