import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, db, ORIGIN, seed } from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { users } from '../../db/schema';
import { DEMO_PATIENT } from '../../local/seed';

beforeAll(seed);

const cookieOf = (res: Response, name: string): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1) ?? '';

/** GET /api/auth/oidc/start as a browser does, without following the redirect. */
const start = (): Promise<Response> => SELF.fetch(`${ORIGIN}/api/auth/oidc/start`, { redirect: 'manual' });

/**
 * Walks the browser's part of the flow: start → the issuer's authorize page (which signs in the
 * person named by login_hint and redirects back) → callback. Answers the callback's answer.
 */
async function socialSignIn(email: string): Promise<Response> {
  const begun = await start();
  expect(begun.status).toBe(302);
  const authorize = new URL(begun.headers.get('location') ?? '');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  authorize.searchParams.set('login_hint', email);
  const back = await fetch(authorize, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/api/auth/oidc/callback`);
  return SELF.fetch(callback, {
    redirect: 'manual',
    headers: { cookie: cookieOf(begun, 'clinic_oidc_state') },
  });
}

describe('social sign-in (OpenID Connect code flow with PKCE)', () => {
  test('a first sign-in creates an incomplete patient with no password and lands on /home/dataUpdate', async () => {
    const res = await socialSignIn('homer@social.test');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/home/dataUpdate');
    const session = cookieOf(res, 'clinic_session');
    expect(session).toBeTruthy();
    const me = await call('/api/me', { headers: { cookie: session } });
    expect(await me.json()).toMatchObject({
      email: 'homer@social.test',
      userType: 'Patient',
      name: 'Homer',
      lastName: 'Social',
      incomplete: true,
    });
    // no password was invented: password sign-in is impossible for this account
    const row = await call('/api/login', { body: { email: 'homer@social.test', password: 'Homer1234567' } });
    expect(row.status).toBe(401);
  });

  test('the next sign-in of the same person finds the account again', async () => {
    await socialSignIn('bart@social.test');
    const again = await socialSignIn('bart@social.test');
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/home/dataUpdate'); // still incomplete
    expect(cookieOf(again, 'clinic_session')).toBeTruthy();
  });

  test('an email that has a password account is not linked: back to login with the warning', async () => {
    const res = await socialSignIn(DEMO_PATIENT.email);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?social=password');
    expect(cookieOf(res, 'clinic_session')).toBe('');
  });

  test('a callback without the state cookie of this browser is refused (login CSRF)', async () => {
    const begun = await start();
    const authorize = new URL(begun.headers.get('location') ?? '');
    authorize.searchParams.set('login_hint', 'csrf@social.test');
    const back = await fetch(authorize, { redirect: 'manual' });
    const res = await SELF.fetch(back.headers.get('location') ?? '', { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/?social=failed');
    expect(cookieOf(res, 'clinic_session')).toBe('');
  });

  test('a state is single use: replaying the callback fails', async () => {
    const begun = await start();
    const cookie = cookieOf(begun, 'clinic_oidc_state');
    const authorize = new URL(begun.headers.get('location') ?? '');
    authorize.searchParams.set('login_hint', 'replay@social.test');
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = back.headers.get('location') ?? '';
    const first = await SELF.fetch(callback, { redirect: 'manual', headers: { cookie } });
    expect(first.headers.get('location')).toBe('/home/dataUpdate');
    const replay = await SELF.fetch(callback, { redirect: 'manual', headers: { cookie } });
    expect(replay.headers.get('location')).toBe('/?social=failed');
  });

  test("an ID token signed by another key than the issuer's published ones is refused", async () => {
    // the stand-in issuer (test/oidc-mock.ts) re-signs the ID token of a '@foreign-key.test'
    // sign-in with a foreign RSA key, keeping the issuer's kid and every claim right
    const res = await socialSignIn('mallory@foreign-key.test');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?social=failed');
    expect(cookieOf(res, 'clinic_session')).toBe('');
    const [row] = await db().select().from(users).where(eq(users.email, 'mallory@foreign-key.test'));
    expect(row).toBeUndefined();
  });

  test('a forged code is refused by the issuer and the flow fails cleanly', async () => {
    const begun = await start();
    const state = new URL(begun.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const res = await SELF.fetch(`${ORIGIN}/api/auth/oidc/callback?code=forged&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: cookieOf(begun, 'clinic_oidc_state') },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?social=failed');
  });
});

describe('social sign-in with a second factor', { timeout: 30_000 }, () => {
  test('after the redirect the code is still asked for (POST /api/login/code); nothing opens before it', async () => {
    const first = await socialSignIn('maggie@social.test');
    const cookie = cookieOf(first, 'clinic_session');
    // A social account has no password: setting up the factor takes its first code alone.
    const setup = await call('/api/second-factor/setup', { method: 'POST', headers: { cookie } });
    const { secret } = await setup.json<{ secret: string }>();
    const codeOf = (steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
    expect(
      (await call('/api/second-factor', { headers: { cookie }, body: { code: codeOf(0) } })).status,
    ).toBe(200);

    const again = await socialSignIn('maggie@social.test');
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/?step=code');
    const owing = cookieOf(again, 'clinic_session');
    const me = await call('/api/me', { headers: { cookie: owing } });
    expect(await me.json()).toMatchObject({ pending: 'code' });
    const refused = await call('/api/patients', { headers: { cookie: owing } });
    expect(refused.status).toBe(401);
    expect((await refused.json<{ msg: string }>()).msg).toBe(MSG.finishSignIn);
    const wrong = codeOf(1) === '999999' ? '888888' : '999999';
    const bad = await call('/api/login/code', { headers: { cookie: owing }, body: { code: wrong } });
    expect(bad.status).toBe(401);
    expect((await bad.json<{ msg: string }>()).msg).toBe(MSG.secondFactorWrong);
    const good = await call('/api/login/code', { headers: { cookie: owing }, body: { code: codeOf(1) } });
    expect(good.status).toBe(200);
    expect(await (await call('/api/me', { headers: { cookie: owing } })).json()).toMatchObject({
      pending: null,
    });
    // A complete session has no step to give.
    expect(
      (await call('/api/login/code', { headers: { cookie: owing }, body: { code: codeOf(1) } })).status,
    ).toBe(409);
  });
});
