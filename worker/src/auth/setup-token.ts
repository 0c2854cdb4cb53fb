import type { Bindings } from '../env';
import { timingSafeEqual } from '../lib/crypto';

const enc = new TextEncoder();
const digest = async (text: string): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(text)));

/**
 * Whether `given` is the deployment's SETUP_TOKEN secret (unset: nothing is). Both are hashed
 * first, so the comparison runs in constant time whatever their lengths.
 */
export async function isSetupToken(env: Bindings, given: string | undefined): Promise<boolean> {
  const expected = env.SETUP_TOKEN;
  if (!expected || !given) return false;
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return timingSafeEqual(a, b);
}
