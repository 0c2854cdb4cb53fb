import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../../test/helpers';
import { sha256Hex } from '../../auth/crypto';
import { PBKDF2_ITERATIONS } from '../../auth/password';
import { ABSOLUTE_MS, IDLE_MS } from '../../auth/session';
import { MSG } from '../../contract/messages';
import { DEMO_MEDIC, DEMO_PATIENT } from '../../db/seed';

beforeAll(seed);

describe('POST /api/login', () => {
  test('signs in the demo medic: login result, HttpOnly SameSite=Lax cookie', async () => {
    const res = await call('/api/login', { body: DEMO_MEDIC });
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      userType: 'Medic',
      name: 'Gregory',
      lastName: 'House',
      document: '20123456',
      email: DEMO_MEDIC.email,
    });
    expect(typeof body.token).toBe('string');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/clinic_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // localhost gets no Secure flag, so the cookie works over plain http in development
    expect(cookie).not.toMatch(/Secure/i);
  });

  test('issues a new token at every sign-in', async () => {
    expect(await signInMedic()).not.toBe(await signInMedic());
  });

  test('answers 401 Incorrect username or password for a wrong password', async () => {
    const res = await call('/api/login', { body: { email: DEMO_PATIENT.email, password: 'Wrong12345' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized', msg: MSG.incorrectLogin });
  });

  test('answers the same 401 for an unknown email', async () => {
    const res = await call('/api/login', { body: { email: 'nobody@clinic.test', password: 'Nobody2026' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized', msg: MSG.incorrectLogin });
  });

  test('rejects missing fields with the SPEC login messages per field', async () => {
    const res = await call('/api/login', { body: {} });
    expect(res.status).toBe(422);
    const body = await res.json<{ error: string; errors: Record<string, { msg: string }> }>();
    expect(body.error).toBe('invalid');
    expect(body.errors.email?.msg).toBe(MSG.usernameRequired);
    expect(body.errors.password?.msg).toBe(MSG.passwordRequired);
  });

  test.each([
    [{ email: 'not-an-email', password: 'Abcdefg1' }, 'email', MSG.usernameInvalid],
    [{ email: 'a@b.co', password: 'abcdefgh' }, 'password', MSG.passwordInvalid],
    [{ email: 'a@b.co', password: 'abc1' }, 'password', MSG.passwordTooShort],
    [{ email: 'a@b.co', password: 'abcdefghij1234567890x' }, 'password', MSG.passwordTooLong],
  ])('rejects %o on %s with its message', async (body, field, msg) => {
    const res = await call('/api/login', { body });
    expect(res.status).toBe(422);
    const out = await res.json<{ errors: Record<string, { msg: string }> }>();
    expect(out.errors[field]?.msg).toBe(msg);
  });

  test('?validate=true checks without signing in', async () => {
    const res = await call('/api/login?validate=true', { body: { email: 'x', password: '' } });
    expect(res.status).toBe(200);
    const out = await res.json<{ errors: Record<string, { msg: string }> }>();
    expect(out.errors.email?.msg).toBe(MSG.usernameInvalid);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('stores hashes at the PBKDF2 iterations deployed Workers accept', async () => {
    const row = await env.DB.prepare('select password_hash from users where email = ?')
      .bind(DEMO_MEDIC.email)
      .first<{
        password_hash: string;
      }>();
    const [scheme, iterations] = (row?.password_hash ?? '').split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });
});

describe('GET /api/me', () => {
  test('answers 401 without a session', async () => {
    const res = await call('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'unauthorized' });
  });

  test('answers the signed-in patient with their patient ID (Bearer token)', async () => {
    const res = await call('/api/me', { token: await signInPatient() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: DEMO_PATIENT.email, userType: 'Patient', patientID: 1 });
  });

  test('accepts the session cookie too', async () => {
    const login = await call('/api/login', { body: DEMO_MEDIC });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const res = await call('/api/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ userType: 'Medic', doctorTitle: 'Dr.', medicID: 1 });
  });

  test('refuses an unknown token', async () => {
    expect((await call('/api/me', { token: 'forged' })).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  test('ends the session: the token stops working', async () => {
    const token = await signInPatient();
    const out = await call('/api/logout', { method: 'POST', token });
    expect(out.status).toBe(200);
    expect((await call('/api/me', { token })).status).toBe(401);
  });

  test('answers 401 when nobody is signed in', async () => {
    expect((await call('/api/logout', { method: 'POST' })).status).toBe(401);
  });
});

describe('session lifetime (DESIGN §7.4)', () => {
  const age = async (token: string, column: 'last_seen_at' | 'created_at', ms: number): Promise<void> => {
    await env.DB.prepare(`update sessions set ${column} = ? where id = ?`)
      .bind(Date.now() - ms, await sha256Hex(token))
      .run();
  };

  test('a session idle for more than 30 minutes has ended', async () => {
    const token = await signInPatient();
    await age(token, 'last_seen_at', IDLE_MS - 60_000);
    expect((await call('/api/me', { token })).status).toBe(200);
    await age(token, 'last_seen_at', IDLE_MS + 1000);
    expect((await call('/api/me', { token })).status).toBe(401);
  });

  test('a session older than 12 hours has ended, however busy', async () => {
    const token = await signInPatient();
    await age(token, 'created_at', ABSOLUTE_MS + 1000);
    expect((await call('/api/me', { token })).status).toBe(401);
  });

  test("signing in sweeps that user's ended sessions and leaves other users' alone", async () => {
    const stale = await signInPatient();
    const othersStale = await signInMedic();
    await age(stale, 'last_seen_at', IDLE_MS + 1000);
    await age(othersStale, 'last_seen_at', IDLE_MS + 1000);
    await signInPatient();
    const exists = async (token: string): Promise<boolean> =>
      (await env.DB.prepare('select id from sessions where id = ?')
        .bind(await sha256Hex(token))
        .first()) !== null;
    expect(await exists(stale)).toBe(false);
    expect(await exists(othersStale)).toBe(true);
  });

  test('an ended session is removed, not just refused', async () => {
    const token = await signInPatient();
    await age(token, 'last_seen_at', IDLE_MS + 1000);
    await call('/api/me', { token });
    const row = await env.DB.prepare('select id from sessions where id = ?')
      .bind(await sha256Hex(token))
      .first();
    expect(row).toBeNull();
  });
});
