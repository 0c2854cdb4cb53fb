import type { Bindings } from '../env';
import { fromBase64Url, timingSafeEqual, toBase64Url } from './crypto';
import { pepperOf } from './password';

const enc = new TextEncoder();

async function mac(env: Bindings, patientId: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(pepperOf(env)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // The purpose is part of what is signed, so this token is good for nothing but this setting.
  const signed = await crypto.subtle.sign('HMAC', key, enc.encode(`reminders-opt-out:${patientId}`));
  return new Uint8Array(signed);
}

/**
 * The token in a reminder's one-click opt-out link: the patient's ID and an HMAC of it under the
 * worker's secret. It switches off that patient's reminders and nothing else; no sign-in needed.
 */
export async function optOutToken(env: Bindings, patientId: number): Promise<string> {
  return `${patientId}.${toBase64Url(await mac(env, patientId))}`;
}

/** The patient an opt-out token names, or null when it is malformed or not signed by us. */
export async function verifyOptOutToken(env: Bindings, token: string): Promise<number | null> {
  const match = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const patientId = Number(match[1]);
  let given: Uint8Array;
  try {
    given = fromBase64Url(match[2] ?? '');
  } catch {
    return null;
  }
  return timingSafeEqual(given, await mac(env, patientId)) ? patientId : null;
}
