import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  db,
  forgetAddressLimits,
  freshPerson,
  seed,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import { SIGNUP_PER_ADDRESS, SIGNUP_REFUSALS_PER_ADDRESS, signUpsPerAddress } from '../../auth/rate-limit';
import { tooManyAttemptsIn } from '../../contract/messages';
import { DEMO_PATIENT_PERSON } from '../../local/demo';
import { DEMO_MEDIC, DEMO_PATIENT } from '../../local/seed';

// Calls that reveal whether an account exists are limited per address, so a list of emails or
// documents cannot be swept: the account check, and sign-up (its 409s say who is registered).

beforeAll(seed);
afterEach(forgetAddressLimits);

const usersNamed = async (email: string): Promise<number> =>
  (
    await db()
      .$client.prepare('select count(*) as n from users where email = ?')
      .bind(email)
      .first<{ n: number }>()
  )?.n ?? 0;

function patientSignUp(email: string, document: string) {
  return {
    infoUser: {
      email,
      password: 'Limit2026',
      confirmPassword: 'Limit2026',
      name: 'Agnes',
      lastName: 'Skinner',
      document,
      birth: '1950-05-05',
    },
    infoPatient: { obraSocial: '3' },
  };
}

describe('POST /api/login/oneUser', () => {
  test('answers only a signed-in medic: anyone else cannot learn whether an email has an account', async () => {
    const body = { email: DEMO_MEDIC.email };
    expect((await call('/api/login/oneUser', { body })).status).toBe(401);
    expect((await call('/api/login/oneUser', { body, token: await signInPatient() })).status).toBe(403);
    const res = await call('/api/login/oneUser', { body, token: await signInMedic() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
  });
});

describe('sign-up', () => {
  test(`takes ${SIGNUP_REFUSALS_PER_ADDRESS.max} refused attempts from one address, then 429 and writes nothing`, async () => {
    // A registered email's 409 says who is registered: those are bounded tightly.
    for (let i = 0; i < SIGNUP_REFUSALS_PER_ADDRESS.max; i++) {
      const res = await call('/api/patients', {
        body: patientSignUp(DEMO_PATIENT.email, freshPerson().document),
      });
      expect(res.status).toBe(409);
    }
    const fresh = 'limited-signup@clinic.test';
    const res = await call('/api/patients', { body: patientSignUp(fresh, '70000999') });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({
      msg: tooManyAttemptsIn(Number(res.headers.get('retry-after'))),
    });
    expect(await usersNamed(fresh)).toBe(0);

    // A medic's sign-up from the same address shares the count.
    const medic = await call('/api/medics', {
      body: {
        infoUser: { ...patientSignUp('limited-medic@clinic.test', '70000998').infoUser },
        infoMedic: {
          title: 'Dr.',
          specialization: 'Orthodontics',
          tuition_date: '2000-01-01',
          tuition_number: '77',
        },
        ClinicID: 1,
      },
    });
    expect(medic.status).toBe(429);
    expect(await usersNamed('limited-medic@clinic.test')).toBe(0);
  });

  test('a document already in use counts toward the same limit', async () => {
    // Each answer says 'already registered' for the document: the limit bounds what a sweep learns.
    for (let i = 0; i < SIGNUP_REFUSALS_PER_ADDRESS.max; i++) {
      const res = await call('/api/patients', {
        body: patientSignUp(`document-sweep-${i}@clinic.test`, DEMO_PATIENT_PERSON.document),
      });
      expect(res.status).toBe(409);
    }
    const res = await call('/api/patients', {
      body: patientSignUp('document-sweep-last@clinic.test', DEMO_PATIENT_PERSON.document),
    });
    expect(res.status).toBe(429);
    expect(await usersNamed('document-sweep-last@clinic.test')).toBe(0);
  });

  test('20 sign-ups an hour from one address, made or refused; then 429 and nothing is written', async () => {
    const made = SIGNUP_PER_ADDRESS.max - 5;
    for (let i = 0; i < made; i++) {
      const res = await call('/api/patients', {
        body: patientSignUp(`waiting-room-${i}@clinic.test`, freshPerson().document),
      });
      expect(res.status).toBe(201);
    }
    // A made account does not count as a refusal: the refusals' own count still has room.
    for (let i = 0; i < 5; i++) {
      const res = await call('/api/patients', {
        body: patientSignUp(DEMO_PATIENT.email, freshPerson().document),
      });
      expect(res.status).toBe(409);
    }
    const refused = await call('/api/patients', {
      body: patientSignUp('twenty-first@clinic.test', freshPerson().document),
    });
    expect(refused.status).toBe(429);
    // asked again once the hour that began with the first sign-up is over
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(SIGNUP_PER_ADDRESS.windowMs / 1000 - 300);
    expect(retryAfter).toBeLessThanOrEqual(SIGNUP_PER_ADDRESS.windowMs / 1000);
    expect(await usersNamed('twenty-first@clinic.test')).toBe(0);
  });

  test('20 accounts an hour; only a local run may raise it (the end-to-end servers)', () => {
    expect(SIGNUP_PER_ADDRESS).toMatchObject({ max: 20, windowMs: 60 * 60 * 1000 });
    expect(signUpsPerAddress({ ...env, ENVIRONMENT: 'local', LOCAL_SIGNUPS_PER_HOUR: '1000' }).max).toBe(
      1000,
    );
    expect(signUpsPerAddress({ ...env, ENVIRONMENT: 'production', LOCAL_SIGNUPS_PER_HOUR: '1000' }).max).toBe(
      20,
    );
    expect(signUpsPerAddress({ ...env, ENVIRONMENT: 'local', LOCAL_SIGNUPS_PER_HOUR: 'lots' }).max).toBe(20);
    expect(signUpsPerAddress({ ...env, ENVIRONMENT: 'local', LOCAL_SIGNUPS_PER_HOUR: undefined }).max).toBe(
      20,
    );
  });

  test(`makes at most ${SIGNUP_PER_ADDRESS.max} accounts from one address an hour`, async () => {
    await db()
      .$client.prepare('insert into rate_limits (key, window_start, count) values (?, ?, ?)')
      .bind('signup:ip:loopback', Date.now(), SIGNUP_PER_ADDRESS.max)
      .run();
    const res = await call('/api/patients', { body: patientSignUp('one-too-many@clinic.test', '73000001') });
    expect(res.status).toBe(429);
    expect(await usersNamed('one-too-many@clinic.test')).toBe(0);
  });
});
