import { env } from 'cloudflare:test';
import { Secret, TOTP } from 'otpauth';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  confirmEmail,
  db,
  type ErrorBody,
  freshPerson,
  seed,
  signIn,
  signInMedic,
  signUpPatient,
} from '../../../test/helpers';
import { LOGIN_FAILURES_PER_ADDRESS, SIGN_IN_DELAY, signInDelayKey } from '../../auth/rate-limit';
import { stepOfCode } from '../../auth/totp';
import { MSG, tooManyAttemptsIn } from '../../contract/messages';
import {
  MessageAnswerSchema,
  SecondFactorAnswerSchema,
  SecondFactorConfirmAnswerSchema,
  SecondFactorSetupAnswerSchema,
} from '../../contract/second-factor';
import { hashPassword, pepperOf } from '../../lib/password';

beforeAll(seed);

// Each story signs in several times, and each sign-in runs the password KDF: on a loaded machine
// that takes longer than the default 5 s, so the stories below get 30 s.

/** The code an authenticator app shows `offsetSteps` steps of 30 s from now, by the same library. */
const codeOf = (secret: string, offsetSteps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const login = (email: string, password: string, code?: string) =>
  call('/api/login?bearer=true', { body: { email, password, ...(code ? { code } : {}) } });

/** Starts an enrolment with `token`: the secret as the page shows it. */
async function setup(token: string): Promise<string> {
  const res = await call('/api/second-factor/setup', { method: 'POST', token });
  expect(res.status).toBe(200);
  const body = v.parse(SecondFactorSetupAnswerSchema, await res.json());
  expect(body.uri).toMatch(/^otpauth:\/\/totp\/Clinic:.+\?.*secret=/);
  expect(body.qrSvg).toMatch(/^<svg/);
  return body.secret;
}

/**
 * A fresh patient with a second factor on: credentials, the secret and the recovery codes. The
 * address is confirmed first, so the factor is the owner's (a reset through the mailbox keeps it).
 */
async function enrolledPatient(prefix = 'totp') {
  const { email, password } = await signUpPatient(prefix);
  expect((await confirmEmail(email)).status).toBe(200);
  const token = await signIn(email, password);
  const secret = await setup(token);
  const res = await call('/api/second-factor', {
    token,
    body: { code: codeOf(secret), currentPassword: password },
  });
  expect(res.status).toBe(200);
  const { recoveryCodes } = v.parse(SecondFactorConfirmAnswerSchema, await res.json());
  return { email, password, secret, token, recoveryCodes };
}

/** Forgets the step last used, so a test can use any code of the window again. */
const forgetLastStep = (email: string) =>
  env.DB.prepare('update users set totp_last_step = 0 where email = ?').bind(email).run();

let medics = 0;
/** An approved medic of the clinic, with no factor, straight into the database. */
async function addMedic(): Promise<{ email: string; password: string; medicId: number }> {
  medics += 1;
  const email = `medic2fa${medics}@clinic.test`;
  const password = 'Medic2026x';
  const hash = await hashPassword(password, pepperOf(env));
  const user = await env.DB.prepare(
    `insert into users (email, password_hash, user_type, name, last_name, search_name, document)
     values (?, ?, 'Medic', 'Julius', 'Hibbert', 'julius hibbert', ?) returning id`,
  )
    .bind(email, hash, freshPerson().document)
    .first<{ id: number }>();
  const medic = await env.DB.prepare(
    `insert into medics (user_id, clinic_id, doctor_title, doctor_specialization) values (?, 1, 'Dr.', 'GP') returning id`,
  )
    .bind(user?.id)
    .first<{ id: number }>();
  return { email, password, medicId: medic?.id ?? 0 };
}

const setPolicy = (on: boolean) =>
  env.DB.prepare('update clinics set require_medic_second_factor = ?')
    .bind(on ? 1 : 0)
    .run();

describe('enrolment: POST /api/second-factor/setup, then POST /api/second-factor', {
  timeout: 30_000,
}, () => {
  test('the first code confirms the secret; ten recovery codes come once; the secret never again', async () => {
    const { email, secret, token, recoveryCodes } = await enrolledPatient();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await (await call('/api/second-factor', { token })).json();
    expect(v.parse(SecondFactorAnswerSchema, status)).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
      hasPassword: true,
    });
    expect(JSON.stringify(status)).not.toContain(secret);
    // A second setup is refused: the secret is not handed out again.
    expect((await call('/api/second-factor/setup', { method: 'POST', token })).status).toBe(409);
    // Stored encrypted, and the recovery codes hashed.
    const row = await env.DB.prepare('select totp_secret, totp_pending_secret from users where email = ?')
      .bind(email)
      .first<{ totp_secret: string; totp_pending_secret: string | null }>();
    expect(row?.totp_secret).toMatch(/^v1\./);
    expect(row?.totp_secret).not.toContain(secret);
    expect(row?.totp_pending_secret).toBeNull();
    const hashes = await db()
      .$client.prepare('select code_hash from recovery_codes')
      .all<{ code_hash: string }>();
    for (const code of recoveryCodes) expect(JSON.stringify(hashes.results)).not.toContain(code);
  });

  test('a wrong first code, a missing password or a wrong one enable nothing', async () => {
    const { email, password } = await signUpPatient('totpbad');
    const token = await signIn(email, password);
    const secret = await setup(token);
    let res = await call('/api/second-factor', {
      token,
      body: { code: '000000', currentPassword: password },
    });
    if (codeOf(secret) === '000000') return; // one chance in a million
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.code?.msg).toBe(MSG.secondFactorWrong);
    res = await call('/api/second-factor', { token, body: { code: codeOf(secret) } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordNeeded);
    res = await call('/api/second-factor', {
      token,
      body: { code: codeOf(secret), currentPassword: 'Wrong2026x' },
    });
    expect(res.status).toBe(422);
    expect((await call('/api/second-factor', { token })).status).toBe(200);
    expect((await (await call('/api/second-factor', { token })).json<{ enabled: boolean }>()).enabled).toBe(
      false,
    );
    // Sign-in still needs no code.
    expect((await login(email, password)).status).toBe(200);
  });

  test('a code that is not 6 digits nor a recovery code is 422, never a 500', async () => {
    const { token } = await enrolledPatient('totpshape');
    const res = await call('/api/second-factor', { token, body: { code: '12ab' } });
    expect(res.status).toBe(422);
  });
});

describe('POST /api/login with a second factor', { timeout: 30_000 }, () => {
  test('without the code: 401 asking for it; a wrong one: 401; the right one signs in', async () => {
    const { email, password, secret } = await enrolledPatient('totplogin');
    let res = await login(email, password);
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.secondFactorRequired);
    expect(res.headers.get('set-cookie')).toBeNull();
    const wrong = codeOf(secret, 1) === '123456' ? '654321' : '123456';
    res = await login(email, password, wrong);
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.secondFactorWrong);
    // The code of the next step (clock drift of one step) is accepted.
    res = await login(email, password, codeOf(secret, 1));
    expect(res.status).toBe(200);
    const { token } = await res.json<{ token: string }>();
    expect((await call('/api/me', { token })).status).toBe(200);
  });

  test('the right password without its code is no failure: a staff member asked for the code many times is never slowed', async () => {
    // mutation tried: counting the step as a failure (as before) answers 429 at the step after the free ones
    const { email, password, secret } = await enrolledPatient('totpstep');
    for (let i = 0; i < SIGN_IN_DELAY.free + 2; i++) {
      const res = await login(email, password);
      expect(res.status).toBe(401);
      expect((await res.json<ErrorBody>()).msg).toBe(MSG.secondFactorRequired);
    }
    // the next sign-in still answers the code step, and the code then signs in at once
    const next = await login(email, password);
    expect(next.status).toBe(401);
    expect((await next.json<ErrorBody>()).msg).toBe(MSG.secondFactorRequired);
    expect((await login(email, password, codeOf(secret, 1))).status).toBe(200);
  });

  test('after a wait for wrong passwords, the code right after the password is not made to wait again', async () => {
    // mutation tried: giving the count back but leaving the last check at the password step answers 429
    const { email, password, secret } = await enrolledPatient('totpwait');
    // the free failures, the last 2 s ago: their 1 s wait is over
    await env.DB.prepare('insert or replace into rate_limits (key, window_start, count) values (?, ?, ?)')
      .bind(signInDelayKey(email, 'loopback'), Date.now() - 2_000, SIGN_IN_DELAY.free)
      .run();
    expect((await login(email, password)).status).toBe(401);
    expect((await login(email, password, codeOf(secret, 1))).status).toBe(200);
  });

  test('the code step given back clears nothing: wrong passwords still reach 429, and so does the right one then', async () => {
    // mutation tried: clearing the delay when the password matched lets the probes after it through
    const { email, password } = await enrolledPatient('totporacle');
    for (let i = 0; i < SIGN_IN_DELAY.free - 1; i++)
      expect((await login(email, 'Wrong2026x')).status).toBe(401);
    expect((await login(email, password)).status).toBe(401);
    expect((await login(email, 'Wrong2026x')).status).toBe(401);
    // past the free failures, every check waits, the right password's too
    const slowed = await login(email, 'Wrong2026x');
    expect(slowed.status).toBe(429);
    expect((await slowed.json<ErrorBody>()).msg).toBe(MSG.signInSlowDown);
    expect(await login(email, password).then((r) => r.status)).toBe(429);
  });

  test("the code step is no failure under the address's limit either", async () => {
    // mutation tried: not giving the per-address attempt back answers 429 to the wrong password below
    const { email, password } = await enrolledPatient('totpaddress');
    await env.DB.prepare('insert or replace into rate_limits (key, window_start, count) values (?, ?, ?)')
      .bind('login:ip:loopback', Date.now(), LOGIN_FAILURES_PER_ADDRESS.max - 1)
      .run();
    for (let i = 0; i < 3; i++) expect((await login(email, password)).status).toBe(401);
    const wrong = (n: number) => login(`stranger${n}@clinic.test`, 'Wrong2026x');
    expect((await wrong(1)).status).toBe(401);
    const refused = await wrong(2);
    expect(refused.status).toBe(429);
    expect((await refused.json<ErrorBody>()).msg).toBe(
      tooManyAttemptsIn(Number(refused.headers.get('retry-after'))),
    );
  });

  test('a wrong password with the right code is still 401 Incorrect username or password', async () => {
    const { email, secret } = await enrolledPatient('totppw');
    const res = await login(email, 'Wrong2026x', codeOf(secret, 1));
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.incorrectLogin);
  });

  test('a code is accepted once: the same code again is refused', async () => {
    const { email, password, secret } = await enrolledPatient('totpreplay');
    const code = codeOf(secret, 1);
    expect((await login(email, password, code)).status).toBe(200);
    const res = await login(email, password, code);
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.secondFactorWrong);
  });

  test('drift: a code one step ahead is accepted, two steps behind or three ahead refused', async () => {
    // Relative to the server's clock, which may pass a step boundary after the code is made:
    // +1 is then +1 or 0, -2 is -2 or -3, +3 is +3 or +2, so each outcome holds either way.
    const { email, password, secret } = await enrolledPatient('totpdrift');
    await forgetLastStep(email);
    expect((await login(email, password, codeOf(secret, -2))).status).toBe(401);
    expect((await login(email, password, codeOf(secret, 3))).status).toBe(401);
    expect((await login(email, password, codeOf(secret, 1))).status).toBe(200);
  });

  test('drift at a fixed time: ±1 step matches its own step, ±2 steps match none', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'; // fixed: the outcome is the same every run
    const at = 1_800_000_015_000; // 15 s into a step
    const step = Math.floor(at / 30_000);
    const code = (steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at + steps * 30_000 });
    expect(stepOfCode(secret, code(-1), at)).toBe(step - 1);
    expect(stepOfCode(secret, code(0), at)).toBe(step);
    expect(stepOfCode(secret, code(1), at)).toBe(step + 1);
    expect(stepOfCode(secret, code(-2), at)).toBeNull();
    expect(stepOfCode(secret, code(2), at)).toBeNull();
  });

  test('a recovery code signs in once', async () => {
    const { email, password, recoveryCodes, token } = await enrolledPatient('totprecovery');
    const [first] = recoveryCodes;
    expect((await login(email, password, first?.toUpperCase())).status).toBe(200);
    const res = await login(email, password, first);
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.secondFactorWrong);
    const status = await (await call('/api/second-factor', { token })).json<{ recoveryCodesLeft: number }>();
    expect(status.recoveryCodesLeft).toBe(9);
  });

  test('wrong codes count under the sign-in delay like wrong passwords, the right password clearing nothing', async () => {
    const { email, password, secret } = await enrolledPatient('totplimit');
    const wrong = codeOf(secret, 1) === '111111' || codeOf(secret) === '111111' ? '222222' : '111111';
    // the free failures, each with the right password: it does not clear the count
    for (let i = 0; i < SIGN_IN_DELAY.free; i++)
      expect((await login(email, password, wrong)).status).toBe(401);
    const res = await login(email, password, codeOf(secret, 1));
    expect(res.status).toBe(429);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.signInSlowDown);
  });

  test('a password reset does not bypass it: the new password still asks for the code', async () => {
    const { email, secret } = await enrolledPatient('totpreset');
    expect((await call('/api/password/reset', { body: { email } })).status).toBe(200);
    const mail = await env.DB.prepare('select body from outbox where "to" = ? order by id desc')
      .bind(email)
      .first<{ body: string }>();
    const token = decodeURIComponent(/#token=([\w%-]+)/.exec(mail?.body ?? '')?.[1] ?? '');
    const res = await call('/api/password/reupdate', {
      method: 'PUT',
      body: { email, token, password: 'After2026x', confirmPassword: 'After2026x' },
    });
    expect(res.status).toBe(200);
    const again = await login(email, 'After2026x');
    expect(again.status).toBe(401);
    expect((await again.json<ErrorBody>()).msg).toBe(MSG.secondFactorRequired);
    expect((await login(email, 'After2026x', codeOf(secret, 1))).status).toBe(200);
  });

  test('an account without a factor signs in with the password alone (the demo accounts)', async () => {
    expect(await signInMedic()).toBeTruthy();
  });
});

describe('re-authentication for sensitive changes', { timeout: 30_000 }, () => {
  test('an email change takes the current password and the code in the same request', async () => {
    const { email, password, secret, token } = await enrolledPatient('totpemail');
    const me = await (await call('/api/me', { token })).json<{ patientID: number; document: string }>();
    const body = {
      ID: me.patientID,
      infoUser: {
        name: 'Maude',
        lastName: 'Flanders',
        document: me.document,
        email: `moved-${email}`,
        birth: '1970-01-01',
        telephone: '1145550404',
        cellphone: '1155550404',
        street: 'Evergreen Terrace',
        number: '740',
        city: 'Springfield',
        postalCode: '1001',
      },
      infoPatient: { medicalService: 'OSDE' },
      currentPassword: password,
    };
    let res = await call(`/api/patients/${me.patientID}`, { method: 'PUT', token, body });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.code?.msg).toBe(MSG.secondFactorRequired);
    res = await call(`/api/patients/${me.patientID}`, {
      method: 'PUT',
      token,
      body: { ...body, code: codeOf(secret, 1) },
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ emailPending?: string }>()).emailPending).toBe(`moved-${email}`);
  });

  test('a password change takes the code too', async () => {
    const { password, secret, token } = await enrolledPatient('totppass');
    const change = { currentPassword: password, newPassword: 'Newer2026x', confirmPassword: 'Newer2026x' };
    let res = await call('/api/password/update', { method: 'PUT', token, body: change });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.code?.msg).toBe(MSG.secondFactorRequired);
    res = await call('/api/password/update', {
      method: 'PUT',
      token,
      body: { ...change, code: codeOf(secret, 1) },
    });
    expect(res.status).toBe(200);
  });

  test('turning it off takes the password and a code; a patient may', async () => {
    const { email, password, secret, token } = await enrolledPatient('totpoff');
    let res = await call('/api/second-factor', {
      method: 'DELETE',
      token,
      body: { code: codeOf(secret, 1) },
    });
    expect(res.status).toBe(422);
    res = await call('/api/second-factor', {
      method: 'DELETE',
      token,
      body: { code: codeOf(secret, 1), currentPassword: password },
    });
    expect(res.status).toBe(200);
    v.parse(MessageAnswerSchema, await res.json());
    expect((await login(email, password)).status).toBe(200);
  });
});

describe("the clinic's policy: 'Require a second factor for medics'", { timeout: 30_000 }, () => {
  test('is off for the demo clinic, and a medic turns it on in the clinic settings', async () => {
    const medic = await signInMedic();
    const clinic = await (await call('/api/Clinics', { token: medic })).json<{
      requireMedicSecondFactor: boolean;
    }>();
    expect(clinic.requireMedicSecondFactor).toBe(false);
    const res = await call('/api/Clinics', {
      method: 'PUT',
      token: medic,
      body: { requireMedicSecondFactor: true, currentPassword: 'Medic2026' },
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ requireMedicSecondFactor: boolean }>()).requireMedicSecondFactor).toBe(true);
    await setPolicy(false);
  });

  test('while on, a medic without a factor gets only the enrolment step until enrolled', async () => {
    await setPolicy(true);
    try {
      const { email, password } = await addMedic();
      const res = await login(email, password);
      expect(res.status).toBe(200);
      const { token, secondFactor } = await res.json<{ token: string; secondFactor?: string }>();
      expect(secondFactor).toBe('enrol');
      // Nothing else opens: no patient, no clinic, no sessions list.
      for (const path of ['/api/patients', '/api/Clinics', '/api/sessions', '/api/turns?date=2030-01-01']) {
        const refused = await call(path, { token });
        expect(refused.status, path).toBe(401);
        expect((await refused.json<ErrorBody>()).msg).toBe(MSG.finishSignIn);
      }
      expect(await (await call('/api/me', { token })).json()).toMatchObject({ pending: 'enrol' });
      const status = await (await call('/api/second-factor', { token })).json();
      expect(status).toMatchObject({ enabled: false, required: true });
      // Enrolment: no password again, the sign-in just gave it.
      const secret = await setup(token);
      const confirmed = await call('/api/second-factor', { token, body: { code: codeOf(secret) } });
      expect(confirmed.status).toBe(200);
      expect((await call('/api/patients', { token })).status).toBe(200);
      expect(await (await call('/api/me', { token })).json()).toMatchObject({ pending: null });
      // From now on the code is asked for, and the factor cannot be turned off.
      expect((await login(email, password)).status).toBe(401);
      const off = await call('/api/second-factor', {
        method: 'DELETE',
        token,
        body: { currentPassword: password, code: codeOf(secret, 1) },
      });
      expect(off.status).toBe(403);
      expect((await off.json<ErrorBody>()).msg).toBe(MSG.secondFactorKeptByClinic);
    } finally {
      await setPolicy(false);
    }
  });

  test("a medic of the clinic resets another medic's factor: access log, mail to the owner, sessions end", async () => {
    const medic = await signInMedic();
    await setPolicy(true);
    try {
      const lost = await addMedic();
      let token = (await (await login(lost.email, lost.password)).json<{ token: string }>()).token;
      const secret = await setup(token);
      expect((await call('/api/second-factor', { token, body: { code: codeOf(secret) } })).status).toBe(200);
      // A patient may not; the medic may not reset their own.
      const patient = await signIn('patient@clinic.test', 'Patient2026');
      const path = `/api/medics/${lost.medicId}/second-factor`;
      const body = { currentPassword: 'Medic2026' };
      expect((await call(path, { method: 'DELETE', token: patient, body })).status).toBe(403);
      expect(
        (await call(path, { method: 'DELETE', token, body: { currentPassword: lost.password } })).status,
      ).toBe(403);
      const res = await call(path, { method: 'DELETE', token: medic, body });
      expect(res.status).toBe(200);
      expect((await res.json<{ msg: string }>()).msg).toBe(MSG.secondFactorReset);
      expect((await call('/api/me', { token })).status).toBe(401);
      const logged = await env.DB.prepare('select action, route, status from audit_log where route = ?')
        .bind(`DELETE ${path}`)
        .all();
      expect(logged.results).toContainEqual({
        action: 'reset second factor',
        route: `DELETE ${path}`,
        status: 200,
      });
      const mail = await env.DB.prepare('select subject, body from outbox where "to" = ?')
        .bind(lost.email)
        .first<{ subject: string; body: string }>();
      expect(mail?.subject).toBe(MSG.secondFactorResetSubject);
      expect(mail?.body).toContain('medic@clinic.test');
      // The next sign-in enrols again.
      const again = await login(lost.email, lost.password);
      expect(again.status).toBe(200);
      token = (await again.json<{ token: string; secondFactor: string }>()).token;
      expect(await (await call('/api/me', { token })).json()).toMatchObject({ pending: 'enrol' });
      expect(
        (await call('/api/medics/999999/second-factor', { method: 'DELETE', token: medic, body })).status,
      ).toBe(404);
    } finally {
      await setPolicy(false);
    }
  });
});
