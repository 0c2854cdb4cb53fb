import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  DEMO_CLINIC_SECTION,
  type ErrorBody,
  freshPerson,
  newMedicRecord,
  seed,
  signIn,
  signInMedic,
  signUpPatient,
} from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { DEMO_MEDIC } from '../../local/seed';

/**
 * Every route that writes a person's name takes sign-up's rule (contract/person personName):
 * letters of any alphabet with single spaces, apostrophes or hyphens between them, up to 60.
 */
const BAD_NAMES: [string, string][] = [
  ['a digit', 'Bart2'],
  ['markup', '<b>Bart</b>'],
  ['a line break', 'Bart\r\nBcc: x@evil.test'],
  ['an emoji', 'Bart 🦷'],
  ['a dot', 'Dr. Bart'],
  ['a zero-width space', 'Ba\u200Brt'],
  ['61 letters', 'B'.repeat(61)],
];

let medic: string;
let selfToken: string;
let selfId: number;
let registeredId: number;

const users = async () =>
  (await env.DB.prepare('select count(*) as n from users').first<{ n: number }>())?.n ?? 0;
const nameOf = async (column: 'email' | 'id', value: string | number) =>
  env.DB.prepare(`select name, last_name as lastName, updated_at as updatedAt from users where ${column} = ?`)
    .bind(value)
    .first<{ name: string; lastName: string; updatedAt: string }>();

const person = {
  birth: '1980-03-04',
  street: 'Evergreen Terrace',
  number: '742',
  city: 'Springfield',
  postalCode: '1001',
  telephone: '1145550303',
  cellphone: '1155550303',
};

/** A body of each route with `name` and `lastName` in it; `kind` says whether it makes or changes a person. */
const routes: {
  route: string;
  kind: 'creates' | 'updates';
  send: (name: string, lastName: string) => Promise<Response>;
  /** For an update: the user's row, which must not change. */
  userId?: () => number;
}[] = [
  {
    route: 'POST /api/patients (sign-up)',
    kind: 'creates',
    send: (name, lastName) => {
      const fresh = freshPerson();
      return call('/api/patients', {
        body: {
          infoUser: {
            email: `names${fresh.n}@clinic.test`,
            password: 'Names2026',
            name,
            lastName,
            document: fresh.document,
            birth: '1980-03-04',
          },
          infoPatient: { obraSocial: '7' },
        },
      });
    },
  },
  {
    route: 'POST /api/medics (sign-up)',
    kind: 'creates',
    send: (name, lastName) => {
      const fresh = freshPerson();
      return call('/api/medics', {
        body: {
          infoUser: {
            email: `namesmedic${fresh.n}@clinic.test`,
            password: 'Names2026',
            name,
            lastName,
            document: fresh.document,
            birth: '1980-03-04',
          },
          infoMedic: { tuition_number: '1234' },
        },
      });
    },
  },
  {
    route: 'POST /api/patients (a medic registers a patient)',
    kind: 'creates',
    send: (name, lastName) => {
      const fresh = freshPerson();
      return call('/api/patients', {
        token: medic,
        body: {
          infoUser: {
            ...person,
            name,
            lastName,
            document: fresh.document,
            email: `reg${fresh.n}@clinic.test`,
          },
          infoPatient: { medicalService: 'OSDE' },
        },
      });
    },
  },
  {
    route: "POST /api/medics (a medic's 'Medical record')",
    kind: 'creates',
    send: (name, lastName) => {
      const fresh = freshPerson();
      const record = newMedicRecord(fresh.document, `record${fresh.n}@clinic.test`);
      return call('/api/medics', {
        token: medic,
        body: {
          ...record,
          infoUser: { ...record.infoUser, name, lastName },
          infoClinic: DEMO_CLINIC_SECTION,
        },
      });
    },
  },
  {
    route: "PUT /api/patients/{id} (a medic's Update patient)",
    kind: 'updates',
    userId: () => registeredId,
    send: (name, lastName) =>
      call(`/api/patients/${registeredId}`, {
        method: 'PUT',
        token: medic,
        body: { infoUser: { ...person, name, lastName }, infoPatient: { medicalService: 'OSDE' } },
      }),
  },
  {
    route: "PUT /api/patients/{id} (the patient's own profile)",
    kind: 'updates',
    userId: () => selfId,
    send: async (name, lastName) => {
      const me = await env.DB.prepare(
        'select u.email, u.document from users u join patients p on p.user_id = u.id where p.id = ?',
      )
        .bind(selfId)
        .first<{ email: string; document: string }>();
      return call(`/api/patients/${selfId}`, {
        method: 'PUT',
        token: selfToken,
        body: {
          infoUser: { ...person, name, lastName, email: me?.email, document: me?.document },
          infoPatient: { medicalService: 'OSDE' },
        },
      });
    },
  },
  {
    route: "PUT /api/medics/{id} (the medic's Update my info)",
    kind: 'updates',
    userId: () => 1,
    send: (name, lastName) =>
      call('/api/medics/1', {
        method: 'PUT',
        token: medic,
        body: {
          infoUser: { ...person, name, lastName, email: DEMO_MEDIC.email },
          infoMedic: { specialization: 'General dentistry', tuition_date: '1999-04-02' },
        },
      }),
  },
];

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  registeredId = await addPatient(medic, {
    ...person,
    name: 'Rod',
    lastName: 'Flanders',
    document: '72000001',
    email: 'rod.names@clinic.test',
  });
  const self = await signUpPatient('names-self');
  selfToken = await signIn(self.email, self.password);
  const found = await call(`/api/patients?email=${encodeURIComponent(self.email)}`, { token: selfToken });
  selfId = (await found.json<{ ID: number }>()).ID;
});

/** The users row the patient record `id` belongs to (PUT /patients/{id} takes the patient's ID). */
const userIdOfPatient = async (patientId: number): Promise<number> =>
  (
    await env.DB.prepare('select user_id as u from patients where id = ?')
      .bind(patientId)
      .first<{ u: number }>()
  )?.u ?? 0;

describe.each(routes)('$route: names as sign-up takes them', ({ route, kind, send, userId }) => {
  test.each(BAD_NAMES)('a name with %s is 422 with sign-up messages and writes nothing', async (_, bad) => {
    const before = await users();
    const id = userId
      ? route.startsWith('PUT /api/patients')
        ? await userIdOfPatient(userId())
        : userId()
      : 0;
    const stored = id ? await nameOf('id', id) : null;
    const res = await send(bad, `${bad}son`);
    expect(res.status, await res.clone().text()).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors['infoUser.name']?.msg).toBe(MSG.nameInvalid);
    expect(errors['infoUser.lastName']?.msg).toBe(MSG.lastNameInvalid);
    expect(await users()).toBe(before);
    if (kind === 'updates') expect(await nameOf('id', id)).toEqual(stored);
  });

  test('names of any alphabet with apostrophes, hyphens and single spaces pass', async () => {
    const res = await send('María José', "O'Connor-Núñez");
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  });
});
