import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../test/helpers';
import { ACCESS } from '../auth/access';

// Every route of the access table, from every kind of caller, with malformed ids, queries and
// bodies: the API answers a 4xx in the DESIGN §4 error shape, never a 500 or a stack trace.

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

  test.each(routes)('$key', { timeout: 30_000 }, async ({ method, path }) => {
    // Every bad id with one bad body, and every bad body with one bad id.
    const tries: { url: string; body?: string }[] = [];
    const withId = (id: string) => `${path.replace(':id', id)}${BAD_QUERY}`;
    const bodies = method === 'GET' ? [undefined] : BAD_BODIES;
    for (const body of bodies) tries.push({ url: withId(BAD_IDS[0] as string), body });
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
