import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { MSG } from '../contract/messages';
import { primaryDb } from '../db/replica-reads';
import { type Env, isLocal, type SessionUser } from '../env';
import { randomToken, sha256Hex } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { closeLiveSockets } from '../services/live/announce';
import { deleteSession, findSession, insertSession, type SessionRow, touchSession } from './session.repo';

/** The session cookie's name on http://localhost; on https it is `__Host-clinic_session` (see below). */
export const SESSION_COOKIE = 'clinic_session';

/**
 * The session cookie as this request's origin carries it: on https `__Host-` prefixed and Secure,
 * so the browser accepts it only from this exact host, on path /, never set by a sibling
 * subdomain; on plain-http localhost (no Secure cookies there) the plain name.
 */
function sessionCookie(c: Context<Env>): { name: string; secure: boolean } {
  const secure = new URL(c.req.url).protocol === 'https:';
  return { name: secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE, secure };
}
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/**
 * lastSeenAt is refreshed at most this often, after the answer, so reads do not turn into writes:
 * a session idle for IDLE_MS ends, give or take this much.
 */
export const TOUCH_MS = 5 * 60 * 1000;

/** Country from Cloudflare's edge when deployed; locally every session is on this computer (''). */
function placeOf(c: Context<Env>): string {
  if (isLocal(c.env)) return '';
  return (c.req.header('cf-ipcountry') ?? '').slice(0, 8);
}

/**
 * A new session for `userId`, with a new token in the cookie. `pending` names the sign-in step it
 * still owes (a second factor's code or its enrolment); until then it reaches only that step.
 * A Bearer client (`cookie: false`) gets the token only: one credential, not two.
 */
export async function createSession(
  c: Context<Env>,
  userId: number,
  pending: 'enrol' | 'code' | null = null,
  { cookie: withCookie = true }: { cookie?: boolean } = {},
): Promise<string> {
  const token = randomToken();
  const at = Date.now();
  const stored = await insertSession(
    c.get('db'),
    {
      id: await sha256Hex(token),
      userId,
      createdAt: at,
      lastSeenAt: at,
      userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
      place: placeOf(c),
      pending,
    },
    { idleBefore: at - IDLE_MS, createdBefore: at - ABSOLUTE_MS },
  );
  // This isolate knows the new session: its first read is checked in its own batch too.
  if (stored) remember(stored.sessionId, stored);
  if (!withCookie) return token;
  const cookie = sessionCookie(c);
  setCookie(c, cookie.name, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookie.secure,
    path: '/',
    maxAge: ABSOLUTE_MS / 1000,
  });
  return token;
}

/**
 * A credential the request carries that names no live session (signed out elsewhere, expired):
 * forgotten (its cookie deleted in this answer), and true, so that a route open to nobody signed in
 * answers 401 instead of taking the caller for a stranger.
 */
export function endedCredential(c: Context<Env>): boolean {
  if (c.get('user') || tokenOf(c) === undefined) return false;
  const cookie = sessionCookie(c);
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
  return true;
}

function tokenOf(c: Context<Env>): string | undefined {
  const auth = c.req.header('authorization');
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return getCookie(c, sessionCookie(c).name);
}

/**
 * Sessions this isolate has checked, by token hash: who they are, so that a read need not ask the
 * database for its session on a trip of its own (bounded, oldest first out). An entry only names
 * the caller; it never lets a request through unchecked: the session is checked again in the
 * read's own batch (`checkSessionIn`), or before the answer leaves (`confirmSession`).
 */
const known = new Map<string, SessionRow>();
const KNOWN_MAX = 2000;

function remember(id: string, row: SessionRow | null): void {
  known.delete(id);
  if (!row) return;
  if (known.size >= KNOWN_MAX) {
    const oldest = known.keys().next();
    if (!oldest.done) known.delete(oldest.value);
  }
  known.set(id, row);
}

const READS = new Set(['GET', 'HEAD']);

const isLive = (row: SessionRow, at: number): boolean =>
  row.lastSeenAt >= at - IDLE_MS && row.createdAt >= at - ABSOLUTE_MS;

const userOf = (row: SessionRow): SessionUser => ({
  id: row.id,
  email: row.email,
  userType: row.userType,
  approved: row.approved,
  patientId: row.patientId,
  medicId: row.medicId,
  sessionId: row.sessionId,
  pending: row.pending,
});

/** The idle-time refresh, at most once every TOUCH_MS, sent after the answer (app.ts). */
function planTouch(c: Context<Env>, id: string, row: SessionRow, at: number): void {
  if (at - row.lastSeenAt <= TOUCH_MS) return;
  c.set('sessionTouch', touchSession(c.get('db'), id, at));
  remember(id, { ...row, lastSeenAt: at });
}

/**
 * Resolves the caller from the Bearer token or the session cookie; expired sessions are removed.
 * A read (GET, `mayDefer`: a route that is not public and shows nothing of the session itself)
 * by a session this isolate has checked before takes the caller from memory and
 * leaves the check to the read itself: its batch carries the session's row (`checkSessionIn`), so
 * the read is one trip to the database; whatever reads no batch is checked before it answers
 * (`confirmSession`). Any other request is checked here, on the primary where writes start.
 */
export async function loadSessionUser(c: Context<Env>, mayDefer = false): Promise<SessionUser | null> {
  c.set('sessionCheck', null);
  const token = tokenOf(c);
  if (!token) return null;
  const id = await sha256Hex(token);
  const at = Date.now();
  const cached = known.get(id);
  if (mayDefer && cached && READS.has(c.req.method) && isLive(cached, at)) {
    c.set('sessionCheck', { id, userId: cached.id });
    planTouch(c, id, cached, at);
    return userOf(cached);
  }
  return checkSession(c, id, at);
}

/** Reads the session from the database and answers its user, or null when it has ended. */
async function checkSession(c: Context<Env>, id: string, at: number): Promise<SessionUser | null> {
  const db = c.get('db');
  // Checked on the primary: a read replica may still hold a session that was ended moments ago.
  const row = await findSession(primaryDb(c), id);
  if (!row) {
    remember(id, null);
    return null;
  }
  if (!isLive(row, at)) {
    remember(id, null);
    await deleteSession(db, id);
    await closeLiveSockets(c.env, { sessions: [id] });
    return null;
  }
  remember(id, row);
  planTouch(c, id, row, at);
  return userOf(row);
}

/** Whether this request's session is still to be checked against the database. */
export const sessionUnchecked = (c: Context<Env>): boolean => c.get('sessionCheck') !== null;

/**
 * The session's row as a read's batch returned it (`sessionQuery`): the caller stays signed in
 * only if it is there, live, and the same user. Otherwise the request is answered 401 and the
 * read's results are never shown.
 */
export function checkSessionIn(c: Context<Env>, rows: SessionRow[]): void {
  const check = c.get('sessionCheck');
  if (!check) return;
  c.set('sessionCheck', null);
  const row = rows[0];
  const user = c.get('user');
  // The request was let through on what memory said of the caller: the session must still be the
  // same one in the same state (a factor now owed, an approval withdrawn), or nothing is shown.
  const same =
    !user ||
    (user.pending === row?.pending && user.approved === row?.approved && user.userType === row?.userType);
  const live = row && row.id === check.userId && isLive(row, Date.now()) ? row : null;
  if (live && same) {
    remember(check.id, live);
    return;
  }
  remember(check.id, live);
  if (live?.pending) {
    // Still signed in, but owing a factor now: refused like any request of a session in that state.
    c.set('user', userOf(live));
    c.set('sessionTouch', null);
    throw new AppError('unauthorized', MSG.finishSignIn);
  }
  c.set('user', null);
  c.set('sessionTouch', null);
  throw new AppError('unauthorized', MSG.notSignedIn);
}

/**
 * Checks the session now if no read's batch has (a request that read nothing through one, or one
 * about to be refused on what memory said of the caller): sets the caller as the database has it.
 */
export async function confirmSession(c: Context<Env>): Promise<void> {
  const check = c.get('sessionCheck');
  if (!check) return;
  c.set('sessionCheck', null);
  c.set('sessionTouch', null);
  const user = await checkSession(c, check.id, Date.now());
  c.set('user', user && user.id === check.userId ? user : null);
}

export async function endSession(c: Context<Env>, sessionId: string): Promise<void> {
  await deleteSession(c.get('db'), sessionId);
  forgetSession(sessionId);
  await closeLiveSockets(c.env, { sessions: [sessionId] });
  const cookie = sessionCookie(c);
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
}

/** This isolate forgets an ended session at once (other isolates find it gone on their next check). */
export function forgetSession(sessionId: string): void {
  remember(sessionId, null);
}
