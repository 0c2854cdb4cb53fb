import { beforeAll, describe, expect, test } from 'vitest';
import { devApp } from '../src/index.dev';
import { declarationsOf } from '../src/lib/route';
import { call, seed, signInMedic, signInPatient } from './helpers';

// Every declared route, from every kind of caller, with malformed ids, queries and
// bodies: the API answers a 4xx in the error shape, never a 500 or a stack trace.
//
// About 2,400 requests in all, so the routes are shared out over BAD_INPUT_PARTS test files
// (src/lib/bad-input.*.test.ts), each run by a workerd of its own: under
// @cloudflare/vitest-pool-workers 0.23 every SELF.fetch costs more than the one before it in the same
// workerd (cloudflare/workers-sdk#15446: 6 ms at first, 200 ms after 800 requests), so one file of
// them all took 286 s, and eight files of a part each take about 10 s.

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
export const longPerson = {
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

/** How many files share the routes out; each file names its part (1 to BAD_INPUT_PARTS). */
export const BAD_INPUT_PARTS = 8;

const routes = [...declarationsOf(devApp).keys()]
  .filter((key) => !SKIPPED.has(key))
  .map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path };
  });

/** The routes of one part: every BAD_INPUT_PARTS-th route, so the parts together are every route once. */
export const routesOfPart = (part: number) => routes.filter((_, i) => i % BAD_INPUT_PARTS === part - 1);

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

/** The test of one part: its routes, from every kind of caller, with every bad id, query and body. */
export function badInputOnRoutes(part: number): void {
  describe(`bad input on every route (part ${part} of ${BAD_INPUT_PARTS})`, () => {
    const callers: Record<string, string | undefined> = { nobody: undefined };

    beforeAll(async () => {
      await seed();
      callers.patient = await signInPatient();
      callers.medic = await signInMedic();
    });

    test.each(routesOfPart(part))('$key', { timeout: 120_000 }, async ({ method, path }) => {
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
}
