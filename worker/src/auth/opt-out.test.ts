import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { toBase64Url } from '../lib/crypto';
import { pepperOf } from '../lib/password';
import { optOutPatient, optOutToken, signsVersion } from './opt-out';

/** What an opt-out signature was when the password pepper itself signed the links. */
async function signedWithPepper(patientId: number, version: number): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(pepperOf(env)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, enc.encode(`reminders-opt-out:${patientId}:${version}`));
  return `${patientId}.${toBase64Url(new Uint8Array(mac))}`;
}

describe('opt-out links are signed with a key of their own', () => {
  test('not with the password pepper: a pepper-signed token is refused, ours is accepted', async () => {
    // mutation tried: signing with the pepper itself makes the two tokens equal
    const ours = await optOutToken(env, 7, 3);
    const pepper = await signedWithPepper(7, 3);
    expect(ours).not.toBe(pepper);
    const parsedPepper = optOutPatient(pepper);
    const parsedOurs = optOutPatient(ours);
    if (!parsedPepper || !parsedOurs) throw new Error('tokens are well formed');
    expect(await signsVersion(env, parsedPepper, 3)).toBe(false);
    expect(await signsVersion(env, parsedOurs, 3)).toBe(true);
    expect(await signsVersion(env, parsedOurs, 4)).toBe(false);
  });
});
