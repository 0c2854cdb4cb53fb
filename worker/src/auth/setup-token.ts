import type { Bindings } from '../env';
import { timingSafeEqual } from '../lib/crypto';

const enc = new TextEncoder();
const digest = async (text: string): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(text)));

/** `text` percent-decoded once, or unchanged when it is not valid percent-encoding. */
function decodedOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The readings of a token as a link may have carried it. The documented token is hex, which no
 * link changes; an older base64 one holds `+`, `/` and `=`, and a `+` left unencoded in
 * `/SignUp?setup=…` reaches us as a space, or the whole token may arrive still percent-encoded.
 */
export function setupTokenReadings(given: string): string[] {
  const trimmed = given.trim();
  const readings = [trimmed, trimmed.replaceAll(' ', '+'), decodedOnce(trimmed)];
  return [...new Set(readings.filter((reading) => reading !== ''))];
}

/**
 * Whether `given` is the deployment's SETUP_TOKEN secret (unset: nothing is), read as a link may
 * have carried it (see setupTokenReadings). Both sides are hashed first, so each comparison runs
 * in constant time whatever their lengths; every reading is compared, so the time does not tell
 * which one matched.
 */
export async function isSetupToken(env: Bindings, given: string | undefined): Promise<boolean> {
  const expected = env.SETUP_TOKEN?.trim();
  if (!expected || !given) return false;
  const want = await digest(expected);
  let match = false;
  for (const reading of setupTokenReadings(given)) {
    if (timingSafeEqual(await digest(reading), want)) match = true;
  }
  return match;
}
