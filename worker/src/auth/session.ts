import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { primaryDb } from '../db/sessions';
import { type Env, isLocal, type SessionUser } from '../env';
import { randomToken, sha256Hex } from '../lib/crypto';
import { closeLiveSockets } from '../services/live/announce';
import { deleteSession, findSession, insertSession, touchSession } from './session.repo';

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
/** lastSeenAt is refreshed at most this often, so reads do not turn into writes. */
const TOUCH_MS = 60 * 1000;

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
  await insertSession(
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

function tokenOf(c: Context<Env>): string | undefined {
  const auth = c.req.header('authorization');
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return getCookie(c, sessionCookie(c).name);
}

/** Resolves the caller from the Bearer token or the session cookie; expired sessions are removed. */
export async function loadSessionUser(c: Context<Env>): Promise<SessionUser | null> {
  const token = tokenOf(c);
  if (!token) return null;
  const db = c.get('db');
  const id = await sha256Hex(token);
  // Checked on the primary: a read replica may still hold a session that was ended moments ago.
  const row = await findSession(primaryDb(c), id);
  if (!row) return null;
  const at = Date.now();
  if (row.lastSeenAt < at - IDLE_MS || row.createdAt < at - ABSOLUTE_MS) {
    await deleteSession(db, id);
    await closeLiveSockets(c.env, { sessions: [id] });
    return null;
  }
  if (at - row.lastSeenAt > TOUCH_MS) {
    // Sent with the request's read (its batch, auth/access readBatch) or after it, not on its own trip.
    c.set('sessionTouch', touchSession(db, id, at));
  }
  return {
    id: row.id,
    email: row.email,
    userType: row.userType,
    approved: row.approved,
    patientId: row.patientId,
    medicId: row.medicId,
    sessionId: row.sessionId,
    pending: row.pending,
  };
}

export async function endSession(c: Context<Env>, sessionId: string): Promise<void> {
  await deleteSession(c.get('db'), sessionId);
  await closeLiveSockets(c.env, { sessions: [sessionId] });
  const cookie = sessionCookie(c);
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
}
