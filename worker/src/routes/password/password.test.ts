import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  confirmEmail,
  db,
  type ErrorBody,
  holdingD1,
  ORIGIN,
  seed,
  signIn,
  signUpPatient,
} from '../../../test/helpers';
import { app } from '../../app';
import { MSG, tooManyAttemptsIn } from '../../contract/messages';

beforeAll(seed);

/** Signs up a fresh patient and answers their credentials. */
const newPatient = () => signUpPatient('reset', 'Before2026');

/** The mails to `email`, but the sign-up's confirmation link (every self sign-up gets one). */
async function mailsTo(email: string): Promise<{ subject: string; body: string }[]> {
  const { results } = await db()
    .$client.prepare('select subject, body from outbox where "to" = ? and subject != ? order by id')
    .bind(email, MSG.emailConfirmSubject)
    .all<{ subject: string; body: string }>();
  return results;
}

/** Asks for a reset and answers the token from the link in the mail. */
async function resetToken(email: string): Promise<string> {
  const res = await call('/api/password/reset', { body: { email } });
  expect(res.status).toBe(200);
  const body = (await mailsTo(email)).at(-1)?.body ?? '';
  const token = /\/newPassword#token=([\w%-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no reset link in: ${body}`);
  return decodeURIComponent(token);
}

const reupdate = (body: Record<string, unknown>) => call('/api/password/reupdate', { method: 'PUT', body });

describe('POST /api/password/reset', () => {
  test('mails a single-use link to an account and answers Check your email box', async () => {
    const { email } = await newPatient();
    const res = await call('/api/password/reset', { body: { email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: MSG.checkYourEmailBox });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(MSG.resetMailSubject);
    expect(mails[0]?.body).toMatch(/http:\/\/localhost:8787\/newPassword#token=/);
    // only the hash of the token is stored
    const token = await resetToken(email);
    const stored = await db()
      .$client.prepare('select token_hash from password_resets')
      .all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(token);
  });

  test('answers the same for an unknown email and mails nothing, so accounts cannot be probed', async () => {
    const res = await call('/api/password/reset', {
      body: { email: 'nobody@clinic.test' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: MSG.checkYourEmailBox });
    expect(await mailsTo('nobody@clinic.test')).toHaveLength(0);
  });

  test.each([
    ['', MSG.emailRequired],
    ['not-an-email', MSG.emailInvalid],
  ])('refuses email %o with %s', async (email, msg) => {
    const res = await call('/api/password/reset', { body: { email } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.email?.msg).toBe(msg);
  });

  test('is rate limited per email: 429 after 3 requests', async () => {
    const { email } = await newPatient();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call('/api/password/reset', { body: { email } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await call('/api/password/reset', { body: { email } });
    expect(await res.json()).toMatchObject({
      error: 'too_many_requests',
      msg: tooManyAttemptsIn(Number(res.headers.get('retry-after'))),
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  test('is rate limited per address across emails', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await call('/api/password/reset', { body: { email: `probe${i}@clinic.test` } })).status;
    }
    expect(last).toBe(429);
  });
});

describe('PUT /api/password/reupdate', () => {
  test('sets the new password once: old password dead, sessions ended, link spent', async () => {
    const { email, password } = await newPatient();
    const session = await signIn(email, password);
    const token = await resetToken(email);
    const res = await reupdate({ email, password: 'After2026', confirmPassword: 'After2026', token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: MSG.passwordUpdatedSuccessfully });
    // the session opened before the reset is gone
    expect((await call('/api/me', { token: session })).status).toBe(401);
    // the old password no longer signs in, the new one does
    expect((await call('/api/login', { body: { email, password } })).status).toBe(401);
    expect(await signIn(email, 'After2026')).toBeTruthy();
    // the same link cannot be used twice
    const again = await reupdate({ email, password: 'Again2026', confirmPassword: 'Again2026', token });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ error: 'forbidden', msg: MSG.errorUpdatingPassword });
  });

  test('refuses without a token, and writes nothing', async () => {
    const { email, password } = await newPatient();
    const res = await reupdate({ email, password: 'After2026', confirmPassword: 'After2026' });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.token?.msg).toBe(MSG.errorUpdatingPassword);
    expect(await signIn(email, password)).toBeTruthy();
  });

  test('refuses a forged token', async () => {
    const { email } = await newPatient();
    const res = await reupdate({
      email,
      password: 'After2026',
      confirmPassword: 'After2026',
      token: 'forged',
    });
    expect(res.status).toBe(403);
  });

  test('refuses an expired token (older than 30 minutes)', async () => {
    const { email, password } = await newPatient();
    const token = await resetToken(email);
    await db()
      .$client.prepare(
        'update password_resets set expires_at = ? where user_id = (select id from users where email = ?)',
      )
      .bind(Date.now() - 1, email)
      .run();
    const res = await reupdate({ email, password: 'After2026', confirmPassword: 'After2026', token });
    expect(res.status).toBe(403);
    expect(await signIn(email, password)).toBeTruthy();
  });

  test("refuses someone else's token", async () => {
    const victim = await newPatient();
    const attacker = await newPatient();
    const token = await resetToken(attacker.email);
    const res = await reupdate({
      email: victim.email,
      password: 'After2026',
      confirmPassword: 'After2026',
      token,
    });
    expect(res.status).toBe(403);
    expect(await signIn(victim.email, victim.password)).toBeTruthy();
  });

  test.each([
    [{ email: '' }, 'email', MSG.emailMustBeRequire],
    [{ password: '' }, 'password', MSG.passwordRequired],
    [{ password: 'NoDigitsAtAll', confirmPassword: 'NoDigitsAtAll' }, 'password', MSG.passwordInvalid],
    [{ confirmPassword: 'Different2026' }, 'confirmPassword', MSG.passwordMustBeConfirmed],
  ])('refuses %o on %s with %s', async (over, field, msg) => {
    const res = await reupdate({
      email: 'a@clinic.test',
      password: 'After2026',
      confirmPassword: 'After2026',
      token: 'x',
      ...over,
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors[field]?.msg).toBe(msg);
  });
});

describe('PUT /api/password/update', () => {
  test('changes the password and ends every session of the user', async () => {
    const { email, password } = await newPatient();
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token: here,
      body: { email, currentPassword: password, newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: MSG.passwordUpdated });
    expect((await call('/api/me', { token: elsewhere })).status).toBe(401);
    expect((await call('/api/me', { token: here })).status).toBe(401);
    expect((await call('/api/login', { body: { email, password } })).status).toBe(401);
    expect(await signIn(email, 'Changed2026')).toBeTruthy();
  });

  test('new passwords that do not match: The new passwords does not match, nothing written', async () => {
    const { email, password } = await newPatient();
    const token = await signIn(email, password);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token,
      body: { email, currentPassword: password, newPassword: 'Changed2026', confirmPassword: 'Changed2027' },
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.confirmPassword?.msg).toBe(MSG.newPasswordsDontMatch);
    expect((await call('/api/me', { token })).status).toBe(200);
  });

  test('a wrong current password is refused and ends this session', async () => {
    const { email, password } = await newPatient();
    const token = await signIn(email, password);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token,
      body: {
        email,
        currentPassword: 'Wrong2026',
        newPassword: 'Changed2026',
        confirmPassword: 'Changed2026',
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden', msg: MSG.passwordChangeFailed });
    expect((await call('/api/me', { token })).status).toBe(401);
    expect(await signIn(email, password)).toBeTruthy();
  });

  test("cannot change another account's password by naming its email", async () => {
    const victim = await newPatient();
    const attacker = await newPatient();
    const token = await signIn(attacker.email, attacker.password);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token,
      body: {
        email: victim.email,
        currentPassword: attacker.password,
        newPassword: 'Changed2026',
        confirmPassword: 'Changed2026',
      },
    });
    expect(res.status).toBe(403);
    expect(await signIn(victim.email, victim.password)).toBeTruthy();
  });

  test('20 wrong current passwords at the same moment: at most a handful reach the check, like sign-ins', async () => {
    const { email, password } = await newPatient();
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push(await signIn(email, password));
    // Each attempt's first statement on the limits waits until all 20 are there.
    const limits = holdingD1(env.DB, /"rate_limits"/, 20);
    const answers = await Promise.all(
      tokens.map((token) =>
        app.request(
          `${ORIGIN}/api/password/update`,
          {
            method: 'PUT',
            headers: { origin: ORIGIN, 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              email,
              currentPassword: 'Wrong2026',
              newPassword: 'Changed2026',
              confirmPassword: 'Changed2026',
            }),
          },
          { ...env, DB: limits.DB },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 403).every((s) => s === 429)).toBe(true);
  }, 60_000);

  test('answers 401 when nobody is signed in', async () => {
    const res = await call('/api/password/update', {
      method: 'PUT',
      body: { currentPassword: 'Before2026', newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(res.status).toBe(401);
  });
});

describe('reset links and limits', () => {
  test('a reset asked with a foreign Host mails no link to that host: local mode answers only loopback', async () => {
    const { email } = await newPatient();
    const res = await SELF.fetch('http://evil.example/api/password/reset', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden', msg: MSG.loopbackOnly });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  test('links use APP_ORIGIN, never the Host of the request', async () => {
    const { email } = await newPatient();
    const configured = { ...env, APP_ORIGIN: 'https://clinic.example' };
    const res = await app.request(
      'http://localhost:8787/api/password/reset',
      {
        method: 'POST',
        headers: { origin: 'https://clinic.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      },
      configured,
    );
    expect(res.status).toBe(200);
    expect((await mailsTo(email)).at(-1)?.body).toMatch(/https:\/\/clinic\.example\/newPassword#token=/);
  });

  test('deployed without APP_ORIGIN, a reset answers 503 and mails nothing', async () => {
    const { email } = await newPatient();
    const deployed = { ...env, ENVIRONMENT: undefined, APP_ORIGIN: undefined };
    const res = await app.request(
      'https://evil.example/api/password/reset',
      {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      },
      deployed,
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'unavailable', msg: MSG.appOriginMissing });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  test('deployed, the answer does not wait for the lookup and the mail (same work for any email)', async () => {
    const { email } = await newPatient();
    // The account lookup is held until the answer has come: were the answer to wait for it (known
    // and unknown emails would then differ in time), it would never come and the test times out.
    const lookups = holdingD1(env.DB, /from "users" where \(?"users"\."email" = \?/i);
    // Deployed, mail goes through the send_email binding (recorded here), not the local outbox.
    const sent: { to: unknown }[] = [];
    const email_ = {
      send: async (m: { to: unknown }) => {
        sent.push(m);
        return { messageId: 'test' };
      },
    };
    const deployed = {
      ...env,
      DB: lookups.DB,
      ENVIRONMENT: undefined,
      APP_ORIGIN: 'https://clinic.example',
      MAIL_FROM: 'clinic@clinic.example',
      EMAIL: email_ as unknown as SendEmail,
    };
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      passThroughOnException() {},
      props: {},
    };
    const res = await app.request(
      'https://clinic.example/api/password/reset',
      {
        method: 'POST',
        headers: { origin: 'https://clinic.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      },
      deployed,
      ctx as unknown as ExecutionContext,
    );
    expect(res.status).toBe(200);
    expect(pending).toHaveLength(1);
    expect(lookups.held).toHaveLength(1);
    expect(sent).toEqual([]);
    lookups.release();
    await Promise.all(pending);
    expect(sent.map((m) => m.to)).toEqual([email]);
  });

  test('30 parallel resets for one email send at most 3 mails', async () => {
    const { email } = await newPatient();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call('/api/password/reset', { body: { email } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  test('30 resets that reach the limit at the same moment still send at most 3 mails', async () => {
    // Parallel requests are not sure to interleave: here the limits' first 30 statements wait until
    // all 30 are there, so a limit read before it is counted lets every reset through.
    const { email } = await newPatient();
    const limits = holdingD1(env.DB, /"rate_limits"/, 30);
    const reset = () =>
      app.request(
        `${ORIGIN}/api/password/reset`,
        {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        },
        { ...env, DB: limits.DB },
      );
    const answers = await Promise.all(Array.from({ length: 30 }, reset));
    expect(limits.held).toHaveLength(30);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  test('a new reset link revokes the older ones', async () => {
    const { email } = await newPatient();
    const first = await resetToken(email);
    const second = await resetToken(email);
    const old = await reupdate({ email, token: first, password: 'Newer2026', confirmPassword: 'Newer2026' });
    expect(old.status).toBe(403);
    const latest = await reupdate({
      email,
      token: second,
      password: 'Newer2026',
      confirmPassword: 'Newer2026',
    });
    expect(latest.status).toBe(200);
  });
});

describe('a reset token ends when the account changes', () => {
  const signUpSelf = async () => {
    const { email, password } = await newPatient();
    const session = await signIn(email, password);
    const me = await (await call('/api/me', { token: session })).json<{
      patientID: number;
      document: string;
    }>();
    return { email, password, session, me };
  };

  test('an email change ends the token: the old link with the new address sets nothing', async () => {
    const { email, password, session, me } = await signUpSelf();
    const token = await resetToken(email);
    const moved = `moved-${me.patientID}@example.com`;
    const changed = await call(`/api/patients/${me.patientID}`, {
      method: 'PUT',
      token: session,
      body: {
        ID: me.patientID,
        infoUser: {
          name: 'Maude',
          lastName: 'Flanders',
          document: me.document,
          email: moved,
          birth: '1970-01-01',
          telephone: '1145550404',
          cellphone: '1155550404',
          street: 'Evergreen Terrace',
          number: '744',
          city: 'Springfield',
          postalCode: '1001',
        },
        infoPatient: { medicalService: 'OSDE' },
        currentPassword: password,
      },
    });
    expect(changed.status).toBe(200);
    // The change takes effect once the new address confirms it.
    expect((await confirmEmail(moved)).status).toBe(200);
    const takeover = await reupdate({
      email: moved,
      token,
      password: 'Taken2026',
      confirmPassword: 'Taken2026',
    });
    expect(takeover.status).toBe(403);
    expect((await call('/api/login', { body: { email: moved, password: 'Taken2026' } })).status).toBe(401);
    // the old address is told, and the new one is masked in the notice
    const notice = (await mailsTo(email)).at(-1);
    expect(notice?.subject).toBe(MSG.emailChangedSubject);
    expect(notice?.body).toContain('m***@example.com');
    expect(notice?.body).not.toContain(moved);
  });

  test('an email changed and changed back still ends the token (whatever route changed it)', async () => {
    const { email } = await signUpSelf();
    const token = await resetToken(email);
    const change = (from: string, to: string) =>
      env.DB.prepare('update users set email = ? where email = ?').bind(to, from).run();
    await change(email, `away-${email}`);
    await change(`away-${email}`, email);
    const res = await reupdate({ email, token, password: 'Taken2026', confirmPassword: 'Taken2026' });
    expect(res.status).toBe(403);
  });

  test('a password change ends the token', async () => {
    const { email, password, session } = await signUpSelf();
    const token = await resetToken(email);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token: session,
      body: { email, currentPassword: password, newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(res.status).toBe(200);
    const late = await reupdate({ email, token, password: 'Taken2026', confirmPassword: 'Taken2026' });
    expect(late.status).toBe(403);
    expect(await signIn(email, 'Changed2026')).toBeTruthy();
  });

  test('a token works only for the address it was mailed to', async () => {
    const { email } = await signUpSelf();
    const token = await resetToken(email);
    // A token that was mailed to another address (as if it survived a change of the account's
    // email) does not work under the account's present address.
    await env.DB.prepare(
      'update password_resets set email = ? where user_id = (select id from users where email = ?)',
    )
      .bind('someone-else@example.com', email)
      .run();
    const res = await reupdate({ email, token, password: 'Taken2026', confirmPassword: 'Taken2026' });
    expect(res.status).toBe(403);
  });
});
