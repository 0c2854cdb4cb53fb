import { MSG } from '../contract/messages';
import { fromBase64Url, toBase64Url } from '../lib/crypto';
import { AppError } from '../lib/errors';

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * A deployment's TOTP_KEY secret; local runs (`npm start`, the tests: ENVIRONMENT=local) a fixed
 * local key when none is set. The key is never a var in worker/wrangler.jsonc: a var there would be
 * in git, and `npm run deploy` refuses one.
 */
export function totpKeyOf(env: { TOTP_KEY?: string; ENVIRONMENT?: string }): string {
  if (env.TOTP_KEY && env.TOTP_KEY.length >= 32) return env.TOTP_KEY;
  if (!env.TOTP_KEY && env.ENVIRONMENT === 'local')
    return 'local-only-totp-key-never-used-when-deployed-0001';
  // Fail closed: without the worker secret no factor can be stored or checked.
  throw new AppError('unavailable', MSG.secondFactorUnavailable);
}

async function keyOf(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', enc.encode(secret));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** AES-GCM with a fresh 96-bit IV: `v1.<iv>.<ciphertext+tag>`, both base64url. */
export async function seal(secret: string, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyOf(secret), enc.encode(plain));
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function open(secret: string, box: string): Promise<string> {
  const [version, iv, data] = box.split('.');
  if (version !== 'v1' || !iv || !data) throw new Error('unknown sealed format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv) },
    await keyOf(secret),
    fromBase64Url(data),
  );
  return dec.decode(plain);
}
