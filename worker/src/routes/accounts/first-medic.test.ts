import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { ORIGIN, signIn } from '../../../test/helpers';
import { app } from '../../app';
import { isSetupToken } from '../../auth/setup-token';
import { SETUP_TOKEN_HEADER } from '../../contract/accounts';
import { MSG } from '../../contract/messages';

// This file starts from an empty deployment: no seed, no medic (storage is isolated per test file).
// A token as `openssl rand -base64 32` makes them, holding `+`, `/` and `=` (the documented hex
// token holds none of them, but a deployment may still carry an older one).
const SETUP_TOKEN = 'q+7/Zx0vKd+Lm3/Wp9RtYb2Nc4Hf8Js6Ae1Gu5Io0Q=';
/** The token as `/SignUp?setup=<token>` gives it back when the link left it unencoded. */
const fromUnencodedLink = (token: string): string => new URLSearchParams(`setup=${token}`).get('setup') ?? '';

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
  test('without the setup token: refused, saying the first medic needs it; nothing written', async () => {
    for (const attempt of [() => signUpMedic(), () => signUpMedic(''), () => signUpMedic('', '')]) {
      const res = await attempt().response;
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ msg: MSG.firstMedicNeedsSetupToken });
    }
    expect(await medicsInDb()).toBe(0);
  });

  test('a wrong token, or one with none configured: refused, saying the token is wrong; nothing written', async () => {
    for (const attempt of [
      () => signUpMedic('not-the-token'),
      () => signUpMedic(`${SETUP_TOKEN}x`),
      () => signUpMedic(SETUP_TOKEN.slice(0, -1)),
      () => signUpMedic(SETUP_TOKEN.replaceAll('+', '-')),
      () => signUpMedic(SETUP_TOKEN, null),
    ]) {
      const res = await attempt().response;
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ msg: MSG.setupTokenWrong });
    }
    expect(await medicsInDb()).toBe(0);
  });

  test('a token holding +, / and = is taken as sent, percent-encoded, or with its + turned to a space', async () => {
    expect(fromUnencodedLink(SETUP_TOKEN)).toContain(' ');
    const withSecret = { ...env, SETUP_TOKEN };
    for (const given of [
      SETUP_TOKEN,
      encodeURIComponent(SETUP_TOKEN),
      fromUnencodedLink(SETUP_TOKEN),
      new URLSearchParams(`setup=${encodeURIComponent(SETUP_TOKEN)}`).get('setup') ?? '',
      ` ${SETUP_TOKEN} `,
    ])
      expect(await isSetupToken(withSecret, given)).toBe(true);
    for (const given of [SETUP_TOKEN.replaceAll('+', ''), SETUP_TOKEN.replaceAll('/', ' '), 'q 7/Zx0v'])
      expect(await isSetupToken(withSecret, given)).toBe(false);
    // A hex token, as the docs now make them, passes through a link unchanged.
    const hex = 'a3f09c1b7e5d2468a3f09c1b7e5d2468a3f09c1b7e5d2468a3f09c1b7e5d2468';
    expect(fromUnencodedLink(hex)).toBe(hex);
    expect(await isSetupToken({ ...env, SETUP_TOKEN: hex }, hex)).toBe(true);
  });

  test('with the setup token from an unencoded link (+ as a space): approved at once; then the token is useless and the next medic waits', async () => {
    const first = signUpMedic(fromUnencodedLink(SETUP_TOKEN));
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
