import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { ORIGIN, seed, signUpPatient } from '../../../test/helpers';
import { app } from '../../app';
import { LOGIN_FAILURES_PER_ADDRESS } from '../../auth/rate-limit';

// Nobody can keep an account's owner out: wrong passwords from one address slow down only that
// address, and an address past its failure limit still lets in an account that signed in there before.
// Deployed, the address is Cloudflare's CF-Connecting-IP; these calls run as a deployment does.

beforeAll(seed);

/** A sign-in as a deployed worker sees it, from `ip`. */
const login = async (email: string, password: string, ip: string): Promise<Response> => {
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {}, props: {} };
  const res = await app.request(
    `${ORIGIN}/api/login?bearer=true`,
    {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify({ email, password }),
    },
    { ...env, ENVIRONMENT: 'staging', APP_ORIGIN: ORIGIN, PASSWORD_PEPPER: 'local-development-pepper' },
    ctx as unknown as ExecutionContext,
  );
  await Promise.all(pending);
  return res;
};

describe('sign-in cannot be denied to the owner', { timeout: 30_000 }, () => {
  test("wrong passwords from another address do not delay the owner's right password", async () => {
    // mutation tried: the delay keyed by email alone answers the owner 429 here
    const { email, password } = await signUpPatient('denial');
    const attacker = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(email, 'Wrong12345', attacker)).status);
    // the attacker's own address is slowed down
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    // the owner, from home, gets in at once
    expect((await login(email, password, '198.51.100.20')).status).toBe(200);
    // and the attacker is still slowed down
    expect((await login(email, password, attacker)).status).toBe(429);
  });

  test('an address past its failure limit still lets in an account that signed in there before', async () => {
    // mutation tried: refusing every sign-in past the per-address limit answers 429 to the regular
    const regular = await signUpPatient('wifi');
    const stranger = await signUpPatient('stranger');
    const wifi = '203.0.113.30';
    expect((await login(regular.email, regular.password, wifi)).status).toBe(200);
    // 300 failures from the clinic's Wi-Fi
    await env.DB.prepare('insert or replace into rate_limits (key, window_start, count) values (?, ?, ?)')
      .bind(`login:ip:${wifi}`, Date.now(), LOGIN_FAILURES_PER_ADDRESS.max)
      .run();
    expect((await login(regular.email, regular.password, wifi)).status).toBe(200);
    // a wrong password of that account is still checked (and refused as wrong)
    expect((await login(regular.email, 'Wrong12345', wifi)).status).toBe(401);
    // an account never seen at that address is refused there, right password or not
    expect((await login(stranger.email, stranger.password, wifi)).status).toBe(429);
    expect((await login('nobody@clinic.test', 'Wrong12345', wifi)).status).toBe(429);
  });
});
