import type { Bindings } from '../env';
import { fromBase64Url, timingSafeEqual, toBase64Url } from '../lib/crypto';
import { pepperOf } from '../lib/password';

const enc = new TextEncoder();

const hmacKey = (raw: BufferSource): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/**
 * The opt-out links' own key: derived from the worker's secret for this purpose alone, so the
 * password pepper itself never signs anything a mail carries.
 */
async function optOutKey(env: Bindings): Promise<CryptoKey> {
  const derived = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(enc.encode(pepperOf(env))),
    enc.encode('key:reminders-opt-out:v2'),
  );
  return hmacKey(derived);
}

async function mac(env: Bindings, patientId: number, version: number): Promise<Uint8Array> {
  const key = await optOutKey(env);
  // The purpose is part of what is signed, so this token is good for nothing but this setting; the
  // patient's opt-out version too, so a used link (the version has moved on) is good for nothing.
  const signed = await crypto.subtle.sign(
    'HMAC',
    key,
    enc.encode(`reminders-opt-out:${patientId}:${version}`),
  );
  return new Uint8Array(signed);
}

/**
 * The token in a reminder's one-click opt-out link: the patient's ID and an HMAC of it and of the
 * patient's opt-out version under the worker's secret. It switches off that patient's reminders and
 * nothing else, once: using it moves the version on (routes/reminders). No sign-in needed.
 */
export async function optOutToken(env: Bindings, patientId: number, version: number): Promise<string> {
  return `${patientId}.${toBase64Url(await mac(env, patientId, version))}`;
}

/** The patient an opt-out token names, when it is well formed; its signature is checked by `signsVersion`. */
export function optOutPatient(token: string): { patientId: number; signature: string } | null {
  const match = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { patientId: Number(match[1]), signature: match[2] ?? '' };
}

/** Whether the token's signature is ours for this patient at their current opt-out `version`. */
export async function signsVersion(
  env: Bindings,
  token: { patientId: number; signature: string },
  version: number,
): Promise<boolean> {
  let given: Uint8Array;
  try {
    given = fromBase64Url(token.signature);
  } catch {
    return false;
  }
  return timingSafeEqual(given, await mac(env, token.patientId, version));
}
