import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, ORIGIN, seed, signInMedic, signInPatient } from '../../test/helpers';
import { ACCESS } from '../auth/access';

// Every route of the access table, from every kind of caller, with malformed ids, queries and
// bodies: the API answers a 4xx in the error shape, never a 500 or a stack trace.

/** Routes left out, and why: they end the session every other call here uses, or fill the database. */
const SKIPPED = new Set([
  'POST /api/logout',
  'POST /api/dev/seed',
  'POST /api/dev/bench/patients',
  'POST /api/dev/bench/turns',
  'POST /api/dev/bench/budgets',
]);

const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999999', '%00', '%27%3B--'];

const BAD_QUERY =
  '?limit=abc&offset=-5&date=2026-13-45&from=yesterday&to=&ID=x%22&q=%27%22%3B--&contains=%22%2A&sort=nope&paid=maybe&email=%40&document=1e9';

/** A NUL inside search terms (FTS5 breaks on it) and paging far past any integer column. */
const HOSTILE_QUERY =
  '?q=abc%00&contains=abc%00def&document=1%00&email=a%00%40b.co&offset=1e19&limit=1e19&ID=1e19';

const LONG = 'x'.repeat(3000);
/** Every text field over-long, the emails too (a 900 KB email was once stored). */
const longPerson = {
  name: LONG,
  lastName: LONG,
  document: '9'.repeat(3000),
  email: `${'a'.repeat(3000)}@clinic.test`,
  password: 'Abcdefg1',
  confirmPassword: 'Abcdefg1',
  birth: LONG,
  telephone: LONG,
  cellphone: LONG,
  street: LONG,
  number: '9'.repeat(3000),
  city: LONG,
  postalCode: '9'.repeat(3000),
};

const BAD_BODIES: string[] = [
  '{"unfinished": ',
  '[]',
  'null',
  '"a string"',
  '12',
  JSON.stringify({
    ID: 'abc',
    id: -1,
    infoUser: 'x',
    infoPatient: [],
    infoMedic: null,
    infoClinic: 7,
    treatments: 'none',
    PatientID: '1; drop table users',
    date: 20261345,
    time: '25:61',
    minutes: 1e308,
    email: { $ne: null },
    password: ['a'],
    officeHours: 'always',
    price: 'free',
  }),
  JSON.stringify({
    infoUser: longPerson,
    infoPatient: { medicalService: LONG, obraSocial: LONG },
    infoMedic: { specialization: LONG, tuition_date: LONG, tuition_number: '9'.repeat(5000) },
    infoClinic: { name: LONG, email: longPerson.email, imgLogo: `https://${LONG}.example` },
    ...longPerson,
    description: LONG,
    observations: LONG,
    linkPayment: `https://${LONG}.example`,
    token: LONG,
    currentPassword: LONG,
    newPassword: LONG,
    ID: LONG,
    TreatmentID: LONG,
  }),
];

const routes = Object.keys(ACCESS)
  .filter((key) => !SKIPPED.has(key))
  .map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path };
  });

/**
 * A problem the answer shows, or null when it is a proper one. Redirects are answers in their own
 * right (social sign-in sends the browser back to the login page): they are not followed.
 */
async function problemOf(res: Response): Promise<string | null> {
  if (res.status >= 500) return `${res.status} ${await res.text()}`;
  if (res.status < 400) return null;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return `${res.status} answered ${type}`;
  const body = await res.json<{ error?: unknown; msg?: unknown }>();
  if (typeof body.error !== 'string' || typeof body.msg !== 'string') {
    return `${res.status} without the error shape: ${JSON.stringify(body)}`;
  }
  return null;
}

describe('bad input on every route', () => {
  const callers: Record<string, string | undefined> = { nobody: undefined };

  beforeAll(async () => {
    await seed();
    callers.patient = await signInPatient();
    callers.medic = await signInMedic();
  });

  test.each(routes)('$key', { timeout: 120_000 }, async ({ method, path }) => {
    // Every bad id with one bad body, and every bad body with one bad id.
    const tries: { url: string; body?: string }[] = [];
    const withId = (id: string) => `${path.replace(':id', id)}${BAD_QUERY}`;
    const bodies = method === 'GET' ? [undefined] : BAD_BODIES;
    for (const body of bodies) tries.push({ url: withId(BAD_IDS[0] as string), body });
    tries.push({ url: `${path.replace(':id', '1')}${HOSTILE_QUERY}`, body: bodies.at(-1) });
    if (path.includes(':id'))
      for (const id of BAD_IDS.slice(1)) tries.push({ url: withId(id), body: bodies[0] });
    const problems: string[] = [];
    for (const [who, token] of Object.entries(callers)) {
      for (const { url, body } of tries) {
        const problem = await problemOf(await call(url, { method, body, token, redirect: 'manual' }));
        if (problem) problems.push(`${who} ${method} ${url} ${body?.slice(0, 30) ?? ''}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('hostile values the probe used', () => {
  let medic: string;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
  });

  test.each([
    '/api/Budgets?q=abc%00',
    '/api/patients?contains=abc%00def',
    '/api/patients?q=abc%00def',
    '/api/patients?offset=1e19',
    '/api/Budgets?offset=1e19',
    '/api/evolutions?PatientID=1&offset=1e19',
    '/api/turns?offset=1e19',
    '/api/patients?offset=99999999999999999999',
    '/api/Budgets?offset=99999999999999999999',
    '/api/turns?offset=99999999999999999999',
  ])('%s answers a 2xx or 4xx, never a 500', async (url) => {
    const res = await call(url, { token: medic });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  });

  test('a NUL in a search term is dropped: abc%00def finds what abcdef finds', async () => {
    const plain = await (await call('/api/patients?contains=simps', { token: medic })).json<unknown[]>();
    const withNul = await (await call('/api/patients?contains=sim%00ps', { token: medic })).json<unknown[]>();
    expect(withNul).toEqual(plain);
  }, 30_000);

  test('an upload of many parts is refused quickly with a 400', async () => {
    const data = new FormData();
    for (let i = 0; i < 50_000; i++) data.append('studyType', 'laboratory');
    const res = await SELF.fetch(`${ORIGIN}/api/studies`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${medic}` },
      body: data,
    });
    expect(res.status).toBe(400);
  }, 60_000);

  test('a sign-up with a 3 KB email is refused and stores nothing', async () => {
    const res = await call('/api/patients', {
      body: { infoUser: longPerson, infoPatient: { obraSocial: '1' } },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json<{ errors: Record<string, { msg: string }> }>();
    expect(Object.keys(errors)).toContain('infoUser.email');
  });
});
