import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  type ErrorBody,
  freshPerson,
  newMedicRecord,
  seed,
  signIn,
  signUpPatient,
} from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { hashPassword, pepperOf } from '../../lib/password';
import { DEMO_MEDIC } from '../../local/seed';

// A stolen medic session alone must not make itself permanent: registering or approving a medic,
// changing the clinic's sign-in policy and resetting someone's factor take the caller's password;
// each is in the access log, and adding a medic or loosening the policy is mailed to every medic.

let n = 0;
/** One more approved (or waiting) medic, inserted directly: credentials, user and medic IDs. */
async function addMedic(
  approved = true,
): Promise<{ email: string; password: string; userId: number; medicId: number }> {
  n += 1;
  const email = `reauth${n}@clinic.test`;
  const password = 'Reauth2026';
  const user = await env.DB.prepare(
    `insert into users (email, password_hash, user_type, name, last_name, search_name, document, approved)
     values (?, ?, 'Medic', 'Nick', 'Riviera', 'nick riviera', ?, ?) returning id`,
  )
    .bind(email, await hashPassword(password, pepperOf(env)), freshPerson().document, approved ? 1 : 0)
    .first<{ id: number }>();
  const medic = await env.DB.prepare(
    `insert into medics (user_id, clinic_id, doctor_title, doctor_specialization) values (?, 1, 'Dr.', 'GP') returning id`,
  )
    .bind(user?.id)
    .first<{ id: number }>();
  return { email, password, userId: user?.id ?? 0, medicId: medic?.id ?? 0 };
}

const mailsTo = async (to: string, subject: string): Promise<number> =>
  (
    await env.DB.prepare('select count(*) as n from outbox where "to" = ? and subject = ?')
      .bind(to, subject)
      .first<{ n: number }>()
  )?.n ?? 0;

const auditRows = (route: string) =>
  env.DB.prepare('select user_id as userId, action, status from audit_log where route = ? order by id')
    .bind(route)
    .all<{ userId: number | null; action: string; status: number }>()
    .then((r) => r.results);

const countUsers = async (email: string): Promise<number> =>
  (await env.DB.prepare('select count(*) as n from users where email = ?').bind(email).first<{ n: number }>())
    ?.n ?? 0;

beforeAll(seed);

describe('POST /api/medics by a signed-in medic', { timeout: 30_000 }, () => {
  test('a session alone (no password, or a wrong one) adds nobody: 422 on currentPassword', async () => {
    // mutation tried: without the reauthenticate call in the handler this answers 201
    const caller = await addMedic();
    const token = await signIn(caller.email, caller.password);
    const { currentPassword: _, ...record } = newMedicRecord('41000001', 'stolen1@clinic.test');
    let res = await call('/api/medics', { token, body: record });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordNeeded);
    res = await call('/api/medics', { token, body: { ...record, currentPassword: 'Wrong2026' } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordWrong);
    expect(await countUsers('stolen1@clinic.test')).toBe(0);
  });

  test('with the password: 201, an access-log row, and every other medic is mailed', async () => {
    const caller = await addMedic();
    const token = await signIn(caller.email, caller.password);
    const record = { ...newMedicRecord('41000002', 'added2@clinic.test'), currentPassword: caller.password };
    const res = await call('/api/medics', { token, body: record });
    expect(res.status).toBe(201);
    expect(await auditRows('POST /api/medics')).toContainEqual({
      userId: caller.userId,
      action: 'register medic',
      status: 201,
    });
    // mutation tried: without tellEveryMedic the demo medic gets no mail
    expect(await mailsTo(DEMO_MEDIC.email, MSG.medicAddedSubject)).toBeGreaterThan(0);
    expect(await mailsTo(caller.email, MSG.medicAddedSubject)).toBeGreaterThan(0);
    expect(await mailsTo('added2@clinic.test', MSG.medicAddedSubject)).toBe(0);
  });

  test('a sign-up (nobody signed in) writes no access-log row', async () => {
    const before = (await auditRows('POST /api/medics')).length;
    const { currentPassword: _, ...record } = newMedicRecord('41000003', 'selfsignup3@clinic.test');
    expect((await call('/api/medics', { body: record })).status).toBe(201);
    expect((await auditRows('POST /api/medics')).length).toBe(before);
  });
});

describe('PUT /api/medics/:id/approve', { timeout: 30_000 }, () => {
  test('needs the password; approving is logged and mailed to every medic', async () => {
    const caller = await addMedic();
    const waiting = await addMedic(false);
    const token = await signIn(caller.email, caller.password);
    const path = `/api/medics/${waiting.medicId}/approve`;
    // mutation tried: without the reauthenticate call the approval goes through with the session alone
    let res = await call(path, { method: 'PUT', token, body: {} });
    expect(res.status).toBe(422);
    const still = await env.DB.prepare('select approved from users where id = ?')
      .bind(waiting.userId)
      .first<{ approved: number }>();
    expect(still?.approved).toBe(0);
    res = await call(path, { method: 'PUT', token, body: { currentPassword: caller.password } });
    expect(res.status).toBe(200);
    expect(await auditRows(`PUT ${path}`)).toEqual([
      { userId: caller.userId, action: 'approve medic', status: 422 },
      { userId: caller.userId, action: 'approve medic', status: 200 },
    ]);
    expect(await mailsTo(DEMO_MEDIC.email, MSG.medicAddedSubject)).toBeGreaterThan(0);
  });
});

describe("the clinic's sign-in policy", { timeout: 30_000 }, () => {
  const setPolicy = (on: boolean) =>
    env.DB.prepare('update clinics set require_medic_second_factor = ?')
      .bind(on ? 1 : 0)
      .run();

  test('turning it off needs the password, is logged, and every medic is mailed', async () => {
    const caller = await addMedic();
    const token = await signIn(caller.email, caller.password);
    await setPolicy(true);
    try {
      const before = await mailsTo(DEMO_MEDIC.email, MSG.signInPolicyLoosenedSubject);
      // mutation tried: without checkPolicyChange the session alone turns the policy off (200)
      for (const route of ['/api/Clinics', '/api/Clinics/1']) {
        const res = await call(route, { method: 'PUT', token, body: { requireMedicSecondFactor: false } });
        expect(res.status, route).toBe(422);
        expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordNeeded);
      }
      const policy = await env.DB.prepare('select require_medic_second_factor as on_ from clinics').first<{
        on_: number;
      }>();
      expect(policy?.on_).toBe(1);
      const res = await call('/api/Clinics', {
        method: 'PUT',
        token,
        body: { requireMedicSecondFactor: false, currentPassword: caller.password },
      });
      expect(res.status).toBe(200);
      expect((await res.json<{ requireMedicSecondFactor: boolean }>()).requireMedicSecondFactor).toBe(false);
      expect(await mailsTo(DEMO_MEDIC.email, MSG.signInPolicyLoosenedSubject)).toBe(before + 1);
      expect(await auditRows('PUT /api/Clinics')).toContainEqual({
        userId: caller.userId,
        action: 'update clinic',
        status: 200,
      });
      // Other fields, and the policy left as it is, need no password.
      const other = await call('/api/Clinics', {
        method: 'PUT',
        token,
        body: { hours: 'Monday to Friday 9-13', requireMedicSecondFactor: false },
      });
      expect(other.status).toBe(200);
    } finally {
      await setPolicy(false);
    }
  });
});

describe('turning the policy on', { timeout: 30_000 }, () => {
  test('a medic session opened before it, without a factor, owes its enrolment from its next request', async () => {
    // mutation tried: without requireEnrolmentOfMedicSessions the old session keeps full access (200)
    const earlier = await addMedic();
    const earlierToken = await signIn(earlier.email, earlier.password);
    expect((await call('/api/patients', { token: earlierToken })).status).toBe(200);
    const caller = await addMedic();
    const token = await signIn(caller.email, caller.password);
    try {
      const res = await call('/api/Clinics', {
        method: 'PUT',
        token,
        body: { requireMedicSecondFactor: true, currentPassword: caller.password },
      });
      expect(res.status).toBe(200);
      const refused = await call('/api/patients', { token: earlierToken });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ msg: MSG.finishSignIn });
      expect(await (await call('/api/me', { token: earlierToken })).json()).toMatchObject({
        pending: 'enrol',
      });
    } finally {
      await env.DB.prepare('update clinics set require_medic_second_factor = 0').run();
    }
  });
});

describe("DELETE /api/medics/:id/second-factor (another medic's factor)", { timeout: 30_000 }, () => {
  test('needs the password of the medic who resets it', async () => {
    const caller = await addMedic();
    const owner = await addMedic();
    await env.DB.prepare("update users set totp_secret = 'x' where id = ?").bind(owner.userId).run();
    const token = await signIn(caller.email, caller.password);
    const path = `/api/medics/${owner.medicId}/second-factor`;
    // mutation tried: without the reauthenticate call the reset goes through with the session alone
    let res = await call(path, { method: 'DELETE', token, body: {} });
    expect(res.status).toBe(422);
    const kept = await env.DB.prepare('select totp_secret as s from users where id = ?')
      .bind(owner.userId)
      .first<{ s: string | null }>();
    expect(kept?.s).toBe('x');
    res = await call(path, { method: 'DELETE', token, body: { currentPassword: caller.password } });
    expect(res.status).toBe(200);
    expect((await auditRows(`DELETE ${path}`)).map((r) => r.status)).toEqual([422, 200]);
  });
});

describe("DELETE /api/patients/:id/second-factor (a patient's factor)", { timeout: 30_000 }, () => {
  test('a medic resets it with their password: logged, the patient mailed, their sessions ended', async () => {
    // mutation tried: without the route a medic cannot help a patient who lost the device (404)
    const { email, password } = await signUpPatient('lostdevice');
    const patientToken = await signIn(email, password);
    const me = await (await call('/api/me', { token: patientToken })).json<{
      ID: number;
      patientID: number;
    }>();
    await env.DB.prepare("update users set totp_secret = 'x' where id = ?").bind(me.ID).run();
    const path = `/api/patients/${me.patientID}/second-factor`;
    // the patient may not; a medic without the password may not
    expect((await call(path, { method: 'DELETE', token: patientToken, body: {} })).status).toBe(403);
    const caller = await addMedic();
    const token = await signIn(caller.email, caller.password);
    expect((await call(path, { method: 'DELETE', token, body: {} })).status).toBe(422);
    const res = await call(path, { method: 'DELETE', token, body: { currentPassword: caller.password } });
    expect(res.status).toBe(200);
    // the answer speaks of the patient, not of a medic
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.patientSecondFactorReset);
    const row = await env.DB.prepare('select totp_secret as s from users where id = ?')
      .bind(me.ID)
      .first<{ s: string | null }>();
    expect(row?.s).toBeNull();
    expect((await call('/api/me', { token: patientToken })).status).toBe(401);
    expect(await mailsTo(email, MSG.secondFactorResetSubject)).toBe(1);
    expect((await auditRows(`DELETE ${path}`)).map((r) => [r.action, r.status])).toEqual([
      ['reset second factor', 403],
      ['reset second factor', 422],
      ['reset second factor', 200],
    ]);
    expect(
      (await call('/api/patients/999999/second-factor', { method: 'DELETE', token, body: {} })).status,
    ).toBe(404);
  });
});
