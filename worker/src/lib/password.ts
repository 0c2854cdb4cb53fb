import { fromBase64Url, timingSafeEqual, toBase64Url } from './crypto';

/**
 * PBKDF2-SHA256 with a secret pepper. Deployed Workers refuse PBKDF2 above 100,000
 * iterations, so that is the ceiling; the scheme and parameters are stored with each hash so they
 * can be raised (or moved to another KDF) without breaking existing accounts.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';
const enc = new TextEncoder();

async function derive(
  password: string,
  salt: Uint8Array,
  iterations: number,
  pepper: string,
): Promise<Uint8Array> {
  // The pepper keys an HMAC of the password, so a stolen database alone cannot be brute-forced.
  const pepperKey = await crypto.subtle.importKey(
    'raw',
    enc.encode(pepper),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const peppered = await crypto.subtle.sign('HMAC', pepperKey, enc.encode(password));
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, pepper);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (
    scheme !== SCHEME ||
    !salt ||
    !hash ||
    !Number.isInteger(iterations) ||
    iterations > PBKDF2_ITERATIONS
  ) {
    return false;
  }
  const actual = await derive(password, fromBase64Url(salt), iterations, pepper);
  return timingSafeEqual(actual, fromBase64Url(hash));
}

/** A dummy hash to verify against when the email is unknown, so timing does not reveal accounts. */
export const DUMMY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/** Local development gets a fixed pepper; deployed environments must set PASSWORD_PEPPER. */
export function pepperOf(env: { PASSWORD_PEPPER?: string; ENVIRONMENT?: string }): string {
  if (env.PASSWORD_PEPPER) return env.PASSWORD_PEPPER;
  if (env.ENVIRONMENT === 'local') return 'local-development-pepper';
  throw new Error('PASSWORD_PEPPER is not set');
}
