import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { type Db, openD1, openDb } from './client';

/** The bookmark a D1 session answers, carried back by the client so it always reads its own writes. */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/** D1's bookmarks are hexadecimal groups joined by dashes; anything else is ignored, never sent to D1. */
const BOOKMARK = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,64}){0,7}$/i;

const READS = new Set(['GET', 'HEAD']);

/**
 * The database as the primary holds it, for the one read that must never lag: whether a session
 * still exists (a replica may still hold a session that was just ended). On libSQL, the database.
 */
export function primaryDb(c: Context<Env>): Db {
  if (c.env.LIBSQL_URL) return c.get('db');
  return openD1(c.env.DB.withSession('first-primary') as unknown as D1Database);
}

/**
 * Gives the request its database through D1's Sessions API (`withSession`), so reads may be
 * served by a read replica near the user:
 * - a read (GET) starts where the client's last answer left off (its `X-D1-Bookmark`), or
 *   anywhere when it sends none, and every later query of the request is at least that fresh;
 * - a write starts on the primary ('first-primary'): the booking check, the overlap rule and every
 *   other check-and-write run there, never on a replica;
 * - the answer carries the session's bookmark for the client's next request.
 * On libSQL (Turso) there are no sessions: the database is opened as it is.
 */
export const withDatabase: MiddlewareHandler<Env> = async (c, next) => {
  if (c.env.LIBSQL_URL) {
    c.set('db', openDb(c.env));
    return next();
  }
  const asked = c.req.header(BOOKMARK_HEADER);
  const start = !READS.has(c.req.method)
    ? 'first-primary'
    : asked && BOOKMARK.test(asked)
      ? asked
      : 'first-unconstrained';
  const session = c.env.DB.withSession(start);
  // drizzle's D1 driver uses only `prepare` and `batch`, which a session has.
  c.set('db', openD1(session as unknown as D1Database));
  await next();
  const bookmark = session.getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
};
