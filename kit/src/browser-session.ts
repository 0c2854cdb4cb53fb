import type { Me } from '@clinic/worker/contract';
import { atom } from 'nanostores';
import { ApiError, answer, api, onUnauthorized } from './api';
import { clearDrafts } from './forms/drafts';

/** localStorage key holding the signed-in identity (never the token). */
export const LOGIN_STORAGE_KEY = 'clinic.login';

export type { UserType } from '@clinic/worker/contract';

/**
 * Who is signed in: the login result's identity, completed by `GET /api/me` (ID, doctorTitle,
 * patientID, medicID arrive after the session check).
 */
export type Identity = Pick<Me, 'email' | 'name' | 'lastName' | 'document' | 'userType'> &
  Partial<Pick<Me, 'ID' | 'doctorTitle' | 'patientID' | 'medicID' | 'approved' | 'incomplete'>>;

/** 'unknown' until the first session check ends; screens wait on it instead of fixed timers. */
export type SessionStatus = 'unknown' | 'checking' | 'signed-in' | 'signed-out';

function readStoredLogin(): Identity | null {
  try {
    const raw = globalThis.localStorage?.getItem(LOGIN_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'email' in parsed) return parsed as Identity;
  } catch {
    // Corrupt entry: treat as signed out.
  }
  return null;
}

function storeLogin(identity: Identity | null): void {
  try {
    if (identity) {
      const { email, name, lastName, document, userType } = identity;
      globalThis.localStorage?.setItem(
        LOGIN_STORAGE_KEY,
        JSON.stringify({ email, name, lastName, document, userType }),
      );
    } else {
      globalThis.localStorage?.removeItem(LOGIN_STORAGE_KEY);
    }
  } catch {
    // Storage disabled (private mode): the cookie session still works.
  }
}

/** The signed-in identity, or null. Read it with `useStore($session)`. */
export const $session = atom<Identity | null>(readStoredLogin());
export const $sessionStatus = atom<SessionStatus>('unknown');

function setSession(identity: Identity | null): void {
  $session.set(identity);
  $sessionStatus.set(identity ? 'signed-in' : 'signed-out');
  storeLogin(identity);
}

/**
 * A session that ends mid-use (idle or absolute expiry, a password change elsewhere, sign-out in
 * another tab): the first API call answering 401 while signed in clears the identity here, and the
 * home shell, seeing 'signed-out', sends the user to `/`. A wrong password at sign-in is a 401 too,
 * but nobody is signed in then (the login page clears the stored login), and it is skipped anyway.
 */
onUnauthorized((url) => {
  if (!$session.get() || new URL(url, 'http://x').pathname.startsWith('/api/login')) return;
  setSession(null);
});

/** True when the route set for patients applies (SPEC: any other user type is a medic). */
export function isPatient(identity: Identity | null | undefined): boolean {
  return identity?.userType === 'Patient';
}

/**
 * POST /api/login, with the second factor's `code` when the account has one. Resolves with the
 * identity, or 'enrol' when the clinic requires a factor this medic must set up first (the
 * session then reaches only the enrolment, and nobody counts as signed in yet). Throws ApiError:
 * 401 'Incorrect username or password', or 401 `MSG.secondFactorRequired` / `secondFactorWrong`.
 */
export async function signIn(email: string, password: string, code?: string): Promise<Identity | 'enrol'> {
  const result = await answer(api.login.$post({ json: { email, password, ...(code ? { code } : {}) } }));
  if (result.secondFactor === 'enrol') return 'enrol';
  return signedIn({ ...result, email: result.email ?? email });
}

/** POST /api/login/code: the second step after a social sign-in's redirect (`/?step=code`). */
export async function signInWithCode(code: string): Promise<Identity> {
  return signedIn(await answer(api.login.code.$post({ json: { code } })));
}

/**
 * The session of a sign-in's answer. The token stays in the HttpOnly cookie; it is deliberately
 * not kept anywhere in JS.
 */
function signedIn(result: Identity): Identity {
  const identity: Identity = {
    email: result.email,
    name: result.name,
    lastName: result.lastName,
    document: result.document,
    userType: result.userType,
  };
  setSession(identity);
  return identity;
}

let pendingCheck: Promise<Identity | null> | null = null;

/** GET /api/me. Resolves with the identity or null when signed out (401); other failures throw. */
export function loadSession(): Promise<Identity | null> {
  if (pendingCheck) return pendingCheck;
  $sessionStatus.set('checking');
  pendingCheck = answer(api.me.$get())
    .then(({ pending, ...identity }) => {
      // A session that still owes its second step is not signed in: the login page asks for it.
      if (pending) {
        setSession(null);
        return null;
      }
      setSession(identity);
      return identity;
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        setSession(null);
        return null;
      }
      $sessionStatus.set($session.get() ? 'signed-in' : 'unknown');
      throw err;
    })
    .finally(() => {
      pendingCheck = null;
    });
  return pendingCheck;
}

/** POST /api/logout, then forget the identity even if the server could not be reached. */
export async function signOut(): Promise<void> {
  try {
    await answer(api.logout.$post());
  } catch {
    // Signing out locally must always succeed.
  } finally {
    setSession(null);
    clearDrafts();
  }
}

/** Called by the login page when it loads: forgets any stored login. */
export function clearStoredLogin(): void {
  storeLogin(null);
  clearDrafts();
  $session.set(null);
  $sessionStatus.set('unknown');
}
