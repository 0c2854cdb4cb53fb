import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signIn, signUpPatient } from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { SessionsAnswerSchema, SessionsEndedAnswerSchema } from '../../contract/open-sessions';
import { browserOf } from './sessions.repo';

beforeAll(seed);

// Each story signs in several times, and each sign-in runs the password KDF: on a loaded machine
// that takes longer than the default 5 s, so the stories below get 30 s.

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** Signs in with a browser's User-Agent; answers the Bearer token. */
async function signInAs(email: string, password: string, userAgent: string): Promise<string> {
  const res = await call('/api/login?bearer=true', {
    body: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return (await res.json<{ token: string }>()).token;
}

const list = async (token: string) =>
  v.parse(SessionsAnswerSchema, await (await call('/api/sessions', { token })).json());

describe('GET /api/sessions', { timeout: 30_000 }, () => {
  test('lists each open session of the user: started, last used, browser, place; this one marked', async () => {
    const { email, password } = await signUpPatient('sessions');
    const chrome = await signInAs(email, password, CHROME_LINUX);
    await signInAs(email, password, FIREFOX_WINDOWS);
    const sessions = await list(chrome);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.browser).sort()).toEqual(['Chrome on Linux', 'Firefox on Windows']);
    expect(sessions.find((s) => s.current)?.browser).toBe('Chrome on Linux');
    for (const s of sessions) {
      expect(s.place).toBe('this computer');
      expect(Date.parse(s.startedAt)).toBeLessThanOrEqual(Date.parse(s.lastUsedAt));
    }
    // Another user's sessions are not listed.
    const others = await list(await signIn('patient@clinic.test', 'Patient2026'));
    expect(others.some((s) => sessions.some((mine) => mine.id === s.id))).toBe(false);
  });

  test('answers 401 without a session', async () => {
    expect((await call('/api/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/sessions/:id and DELETE /api/sessions', { timeout: 30_000 }, () => {
  test("'Sign out' ends that session: its token answers 401", async () => {
    const { email, password } = await signUpPatient('sessionend');
    const here = await signInAs(email, password, CHROME_LINUX);
    const there = await signInAs(email, password, FIREFOX_WINDOWS);
    const other = (await list(here)).find((s) => !s.current);
    const res = await call(`/api/sessions/${other?.id}`, { method: 'DELETE', token: here });
    expect(res.status).toBe(200);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.sessionEnded);
    expect((await call('/api/me', { token: there })).status).toBe(401);
    expect((await call('/api/me', { token: here })).status).toBe(200);
    expect(await list(here)).toHaveLength(1);
  });

  test("someone else's session is not found and stays open; a malformed ID is 404", async () => {
    const { email, password } = await signUpPatient('sessionother');
    const mine = await signInAs(email, password, CHROME_LINUX);
    const demo = await signIn('patient@clinic.test', 'Patient2026');
    const theirs = (await list(demo)).find((s) => s.current);
    expect((await call(`/api/sessions/${theirs?.id}`, { method: 'DELETE', token: mine })).status).toBe(404);
    expect((await call('/api/me', { token: demo })).status).toBe(200);
    expect((await call('/api/sessions/not-an-id', { method: 'DELETE', token: mine })).status).toBe(404);
  });

  test("'Sign out everywhere else' ends every other session and keeps this one", async () => {
    const { email, password } = await signUpPatient('sessionall');
    const here = await signInAs(email, password, CHROME_LINUX);
    const a = await signInAs(email, password, FIREFOX_WINDOWS);
    const b = await signInAs(email, password, FIREFOX_WINDOWS);
    const res = await call('/api/sessions', { method: 'DELETE', token: here });
    expect(res.status).toBe(200);
    expect(v.parse(SessionsEndedAnswerSchema, await res.json()).ended).toBe(2);
    expect((await call('/api/me', { token: a })).status).toBe(401);
    expect((await call('/api/me', { token: b })).status).toBe(401);
    expect((await call('/api/me', { token: here })).status).toBe(200);
  });
});

describe('browserOf', () => {
  test('names the browser and the system, and something for an unknown agent', () => {
    expect(browserOf(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(browserOf(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(browserOf('')).toBe('Unknown browser');
  });
});
