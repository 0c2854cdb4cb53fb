import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { ORIGIN, signIn } from '../../../test/helpers';
import { app } from '../../app';
import { SETUP_TOKEN_HEADER } from '../../contract/accounts';
import { MSG } from '../../contract/messages';

// This file starts from an empty deployment: no seed, no medic (storage is isolated per test file).
const SETUP_TOKEN = 'a-long-random-setup-token-of-this-deployment';

let n = 0;
/**
 * A medic's own sign-up, with the setup token header when `token` is given, to a worker whose
 * SETUP_TOKEN is `secret` (null: unset).
 */
function signUpMedic(token?: string, secret: string | null = SETUP_TOKEN) {
  n += 1;
  const infoUser = {
    email: `medic${n}@clinic.test`,
    password: 'First2026',
    confirmPassword: 'First2026',
    name: 'Julius',
    lastName: 'Hibbert',
    document: String(30_111_220 + n),
    birth: '1960-01-01',
  };
  const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' };
  if (token !== undefined) headers[SETUP_TOKEN_HEADER] = token;
  const request = new Request(`${ORIGIN}/api/medics`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ infoUser, infoMedic: { tuition_number: String(n) } }),
  });
  return { infoUser, response: app.fetch(request, { ...env, SETUP_TOKEN: secret ?? undefined }) };
}

const medicsInDb = async (): Promise<number> =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE user_type = 'Medic'").first<{ n: number }>())
    ?.n ?? 0;

describe('the first medic of an empty deployment', () => {
  test('without the setup token, a wrong one, or with none configured: refused, nothing written', async () => {
    for (const attempt of [
      () => signUpMedic(),
      () => signUpMedic('not-the-token'),
      () => signUpMedic(`${SETUP_TOKEN}x`),
      () => signUpMedic(SETUP_TOKEN.slice(0, -1)),
      () => signUpMedic('', ''),
      () => signUpMedic(SETUP_TOKEN, null),
    ]) {
      const res = await attempt().response;
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ msg: MSG.firstMedicNeedsSetupToken });
    }
    expect(await medicsInDb()).toBe(0);
  });

  test('with the setup token: approved at once; then the token is useless and the next medic waits', async () => {
    const first = signUpMedic(SETUP_TOKEN);
    const res = await first.response;
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ approved: true });
    const token = await signIn(first.infoUser.email, first.infoUser.password);
    const me = await app.fetch(
      new Request(`${ORIGIN}/api/me`, { headers: { authorization: `Bearer ${token}` } }),
      env,
    );
    expect(await me.json()).toMatchObject({ approved: true });

    // Once a medic exists, the token approves nobody, and a sign-up without it waits as usual.
    for (const later of [() => signUpMedic(SETUP_TOKEN), () => signUpMedic()]) {
      const next = await later().response;
      expect(next.status).toBe(201);
      expect(await next.json()).toMatchObject({ approved: false });
    }
  });
});
