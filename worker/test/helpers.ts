import { env, SELF } from 'cloudflare:test';
import { weekdayOf } from '../src/contract/slots';
import { firstBookableDate, nextDay } from '../src/contract/turns';
import { openD1 } from '../src/db/client';
import { pepperOf } from '../src/lib/password';
import { demoClinicSection } from '../src/local/demo';
import { DEMO_CLINIC, DEMO_MEDIC, DEMO_PATIENT, seedDemo } from '../src/local/seed';
import { checkAnswer } from './answers';

export const ORIGIN = 'http://localhost:8787';

/** The first document number of the tests' fresh people: above the demo clinic's and the tests' fixed ones. */
const FIRST_FRESH_DOCUMENT = 80_000_000;
let freshPeople = 0;

/**
 * A person no other in this test file has used: the n-th gets document 80,000,000 + n and the email
 * `<prefix><n>@clinic.test`. Every API test file takes the documents of its new people from this one
 * counter (each file runs on a database of its own), so no file picks a block of documents by hand.
 */
export function freshPerson(prefix = 'person'): { n: number; document: string; email: string } {
  freshPeople += 1;
  return {
    n: freshPeople,
    document: String(FIRST_FRESH_DOCUMENT + freshPeople),
    email: `${prefix}${freshPeople}@clinic.test`,
  };
}

/** The messages of a refused request, one per field path ('infoUser.name'). */
export type FieldErrors = Record<string, { msg: string }>;

/**
 * An error answer as the tests read it: `{ error, msg, requestId, errors }` (the API leaves `errors`
 * out when no field is to blame; a test reads it only where it expects one).
 */
export interface ErrorBody {
  error: string;
  msg: string;
  requestId: string;
  errors: FieldErrors;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** 'manual' answers a redirect itself instead of following it. */
  redirect?: 'follow' | 'manual';
}

/**
 * Calls the worker like a browser on the same origin: JSON in, Origin header set. The answer is
 * checked against its route's description first (test/answers): an undocumented status or a body
 * that does not match the documented schema fails the test.
 */
export async function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  const res = await SELF.fetch(`${ORIGIN}${path}`, { method, headers, body, redirect: opts.redirect });
  // Every answer is checked against the route's description (the OpenAPI document and the contract).
  await checkAnswer(method, `${ORIGIN}${path}`, res);
  const queued = res.headers.get('x-audit-queued');
  if (queued) await auditWritten(queued);
  return res;
}

/**
 * Waits until the access-log queue's consumer has written the entry of request `requestId`
 * (a read's entry is written moments after its answer), so a test reads the log as it will be.
 */
export async function auditWritten(requestId: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await env.DB.prepare('select 1 as n from audit_log where request_id = ?')
      .bind(requestId)
      .first();
    if (row) return;
    if (Date.now() > until) throw new Error(`the access-log entry of request ${requestId} was never written`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The tests' own handle on the D1 database, with D1's client (`$client.prepare`) typed. */
export const db = () => openD1(env.DB);

/** The first row `sql` reads from the test database (null when none), for checks of what was stored. */
export const row = (sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .first<Record<string, unknown>>();

export async function seed(): Promise<void> {
  await seedDemo(db(), pepperOf(env));
}

export async function signIn(email: string, password: string): Promise<string> {
  const res = await call('/api/login?bearer=true', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json<{ token: string }>();
  return token;
}

export const signInMedic = (): Promise<string> => signIn(DEMO_MEDIC.email, DEMO_MEDIC.password);
export const signInPatient = (): Promise<string> => signIn(DEMO_PATIENT.email, DEMO_PATIENT.password);

/** Registers one more patient as the medic signed in with `token` (Springfield defaults); answers its ID. */
export async function addPatient(
  token: string,
  person: Record<'name' | 'lastName' | 'document' | 'email' | 'cellphone' | 'telephone' | 'birth', string>,
): Promise<number> {
  const res = await call('/api/patients', {
    token,
    body: {
      infoUser: { city: 'Springfield', street: 'Main', number: '1', postalCode: '1000', ...person },
      infoPatient: { medicalService: 'OSDE' },
    },
  });
  if (res.status !== 201) throw new Error(`adding a patient failed: ${res.status} ${await res.text()}`);
  return (await res.json<{ ID: number }>()).ID;
}

/**
 * The D1 binding with one difference: statements whose SQL matches `match` wait when they run
 * until `release()` is called, or, given `together`, until that many are waiting, so they all go
 * on at once. After the release nothing waits. `held` lists the statements that waited.
 */
export function holdingD1(d1: D1Database, match: RegExp, together?: number) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let holding = true;
  const release = () => {
    holding = false;
    open();
  };
  const held: string[] = [];
  const forward = <T extends object>(target: T, prop: string | symbol) => {
    const value: unknown = Reflect.get(target, prop);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const hold = (stmt: D1PreparedStatement, query: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => hold(target.bind(...values), query);
        if (prop === 'raw' || prop === 'all' || prop === 'first' || prop === 'run') {
          return async (...args: unknown[]) => {
            if (holding) {
              held.push(query);
              if (together !== undefined && held.length >= together) release();
              await opened;
            }
            return forward(target, prop)(...args);
          };
        }
        return forward(target, prop);
      },
    });
  const holdPrepare = <T extends { prepare: (query: string) => D1PreparedStatement }>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        // The app opens its database through D1's Sessions API: the session's statements are held too.
        if (prop === 'withSession') {
          return (...args: unknown[]) =>
            holdPrepare((target as unknown as D1Database).withSession(...(args as [string])));
        }
        if (prop !== 'prepare') return forward(target, prop);
        return (query: string) => {
          const stmt = target.prepare(query);
          return match.test(query) ? hold(stmt, query) : stmt;
        };
      },
    });
  const DB = holdPrepare(d1);
  return { DB, held, release };
}

/**
 * Local runs count every caller as one address (the server listens on loopback only), so tests
 * that make many requests forget the per-address counts between them.
 */
export async function forgetAddressLimits(): Promise<void> {
  await env.DB.prepare(`delete from rate_limits where key like '%:ip:%'`).run();
}

/** The demo clinic's time zone, on whose clock "tomorrow" and office hours are judged. */
export const DEMO_ZONE = DEMO_CLINIC.timeZone;

/**
 * A picker of Monday-to-Friday dates from a week after tomorrow, a new one at each call, so each
 * test of a file books on a day of its own.
 */
export function workdays(zone = DEMO_ZONE): () => string {
  let next = 0;
  return () => {
    let date = firstBookableDate(new Date(), zone);
    for (let i = 0; i < 7; i++) date = nextDay(date);
    let seen = -1;
    for (;;) {
      const wd = weekdayOf(date);
      if (wd >= 1 && wd <= 5) seen += 1;
      if (seen === next) break;
      date = nextDay(date);
    }
    next += 1;
    return date;
  };
}

let signedUp = 0;
/**
 * Signs up a fresh patient on their own (no session) and answers their credentials. `prefix` names
 * the email, so a failing test shows which file made the account.
 */
export async function signUpPatient(
  prefix: string,
  password = 'Right2026',
): Promise<{ email: string; password: string }> {
  signedUp += 1;
  const email = `${prefix}${signedUp}@clinic.test`;
  const res = await call('/api/patients', {
    body: {
      infoUser: {
        email,
        password,
        confirmPassword: password,
        name: 'Maude',
        lastName: 'Flanders',
        document: freshPerson().document,
        birth: '1970-01-01',
      },
      infoPatient: { obraSocial: '42' },
    },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, password };
}

/** The demo clinic as the 'Medical record' form's clinic section shows it. */
export const DEMO_CLINIC_SECTION = demoClinicSection('https://img.clinic.test/logo.png');

/** A new medic's user and medic sections for 'Medical record', under a document and email of the test's own. */
export function newMedicRecord(document: string, email: string) {
  return {
    infoUser: {
      document,
      name: 'Julius',
      lastName: 'Hibbert',
      birth: '1961-04-02',
      street: 'Evergreen Terrace',
      number: '740',
      city: 'Springfield',
      postalCode: '4000',
      telephone: '011 4555 0199',
      cellphone: '011 15 5555 0199',
      email,
      password: 'Record2026',
    },
    infoMedic: {
      title: 'Dr.',
      specialization: 'Orthodontics',
      tuition_date: '1990-06-01',
      tuition_number: '445566',
    },
    // The registering demo medic's own password: registering a medic takes re-authentication.
    currentPassword: DEMO_MEDIC.password,
  };
}

/** The path (`/api/email/confirm?token=…`) of the newest confirmation link mailed to `to`; else null. */
export async function confirmationPathFor(to: string): Promise<string | null> {
  const row = await env.DB.prepare(
    `select body from outbox where "to" = ? and body like '%/api/email/confirm?token=%' order by id desc`,
  )
    .bind(to)
    .first<{ body: string }>();
  const match = row?.body.match(/\/api\/email\/confirm\?token=[^\s"<]+/);
  return match ? match[0] : null;
}

/** Uses the newest confirmation link mailed to `to`, as its page's button does: answers the POST. */
export async function confirmEmail(to: string): Promise<Response> {
  const path = await confirmationPathFor(to);
  if (!path) throw new Error(`no confirmation link was mailed to ${to}`);
  return call(path, { method: 'POST' });
}
