import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, db, seed, signInMedic, signInPatient } from '../../test/helpers';
import { seedBenchBudgets } from '../local/bench/budgets';
import { seedBenchPatients } from '../local/bench/patients';
import { BENCH_TURNS_FROM, seedBenchTurns } from '../local/bench/turns';

// A clinic far from its database pays one network round trip per D1 call, so every read a screen
// makes reaches D1 in ONE: a read-only batch holding the read, its count and the caller's session
// (auth/access readBatch), which a read replica may serve. Its access-log entry goes to a queue and
// the session's idle-time refresh goes after the answer: the read itself writes nothing.

/** The `round_trips` of the `db` entry of a Server-Timing header (the dev entry counts them). */
function roundTrips(res: Response): number {
  const m = /db;desc="[^"]*round_trips=(\d+)"/.exec(res.headers.get('server-timing') ?? '');
  if (!m) throw new Error(`no round_trips in Server-Timing: ${res.headers.get('server-timing')}`);
  return Number(m[1]);
}

/** The trips that reached the primary (the `db-primary` entry): a read replica may serve the rest. */
function primaryTrips(res: Response): number {
  const m = /db-primary;desc="trips=(\d+)"/.exec(res.headers.get('server-timing') ?? '');
  if (!m) throw new Error(`no db-primary in Server-Timing: ${res.headers.get('server-timing')}`);
  return Number(m[1]);
}

/** The `rows_written` of the same entry. */
function rowsWritten(res: Response): number {
  const m = /db;desc="[^"]*rows_written=(\d+)/.exec(res.headers.get('server-timing') ?? '');
  if (!m) throw new Error(`no rows_written in Server-Timing: ${res.headers.get('server-timing')}`);
  return Number(m[1]);
}

const auditRows = async () =>
  (await db().get<{ n: number }>(sql`select count(*) as n from audit_log`))?.n ?? 0;

const today = new Date().toISOString().slice(0, 10);
const month = (offset: number) => `/api/turns?from=2030-01-01&to=2030-01-31&limit=200&offset=${offset}`;

/** Every call of the bench's API section (bench/api.mjs), as the screen sends it; `audited` when it is logged. */
const SCREEN_READS: { path: string; as?: 'patient'; audited: boolean; status?: number }[] = [
  { path: '/api/patients?limit=20&offset=40', audited: true },
  { path: '/api/patients?q=bench&limit=20', audited: true },
  { path: '/api/patients?q=6000&limit=20', audited: true },
  { path: '/api/patients?contains=bench&limit=8', audited: true },
  { path: '/api/patients?contains=be&limit=8', audited: true },
  { path: month(0), audited: true },
  { path: month(200), audited: true },
  { path: '/api/turns?from=2030-01-06&to=2030-01-12&limit=200&offset=0', audited: true },
  { path: '/api/turns?from=2030-01-07&to=2030-01-07&limit=200&offset=0', audited: true },
  { path: `/api/turns/free?date=${BENCH_TURNS_FROM}`, audited: false },
  { path: '/api/Budgets?sort=date_desc&limit=20&offset=20&paid=false', audited: true },
  { path: '/api/Budgets?sort=amount_asc&limit=20', audited: true },
  { path: '/api/Budgets?sort=name_asc&limit=20&paid=true', audited: true },
  { path: '/api/Budgets?q=bench&limit=20', audited: true },
  { path: '/api/Budgets?q=600&limit=20&paid=false', audited: true },
  { path: '/api/patients/1', audited: true },
  { path: '/api/patients/999999', audited: true, status: 404 },
  { path: '/api/evolutions?PatientID=1&limit=200', audited: true },
  { path: '/api/studies/search?id=1', audited: true },
  { path: '/api/clinicalhistories/search?id=1', audited: true, status: 404 },
  { path: '/api/treatments?limit=200', audited: false },
  { path: `/api/turns?from=${today}&limit=200&offset=0`, as: 'patient', audited: true },
  { path: '/api/Budgets?paid=false&limit=200', as: 'patient', audited: true },
  { path: '/api/reports?from=2030-01-01&to=2030-12-31', audited: true },
];

describe('every screen read reaches D1 in one read-only round trip, its session check included', () => {
  let medic: string;
  let patient: string;
  beforeAll(async () => {
    await seed();
    await seedBenchPatients(db(), 300);
    await seedBenchTurns(db(), 600);
    await seedBenchBudgets(db(), 60);
    medic = await signInMedic();
    patient = await signInPatient();
  });

  test.each(SCREEN_READS)('$path', async ({ path, as, audited, status = 200 }) => {
    const token = as === 'patient' ? patient : medic;
    const before = await auditRows();
    const res = await call(path, { token });
    expect(res.status).toBe(status);
    // one batch: the read, its count and the caller's session, writing nothing
    expect(roundTrips(res), path).toBe(1);
    expect(rowsWritten(res), path).toBe(0);
    // nothing in it needs the primary: a read replica may serve it
    expect(primaryTrips(res), path).toBe(0);
    // exactly one access-log row, written by the queue's consumer (none for a route the table does not audit)
    expect(await auditRows()).toBe(before + (audited ? 1 : 0));
  });

  test('the 12-month report reads the monthly roll-up, not the 600 turns and budgets behind it', async () => {
    const res = await call('/api/reports?from=2030-01-01&to=2030-12-31', { token: medic });
    const report = await res.json<{ months: { turns: number }[] }>();
    expect(report.months.reduce((n, m) => n + m.turns, 0)).toBeGreaterThanOrEqual(600);
    const read = Number(/rows_read=(\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
    console.log(`12-month report: rows_read=${read}`);
    expect(read).toBeLessThan(100);
  });

  test("a later page of the calendar and its first page log the same way: the page's patients", async () => {
    const res = await call(month(200), { token: medic });
    const shown = [...new Set((await res.json<{ PatientID: number }[]>()).map((t) => t.PatientID))];
    const row = await db().get<{ ids: string; status: number }>(
      sql`select patient_ids as ids, status from audit_log order by id desc limit 1`,
    );
    expect(row?.status).toBe(200);
    expect((JSON.parse(row?.ids ?? '[]') as number[]).sort()).toEqual(shown.sort());
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(200);
  });

  test('a write starts on the primary', async () => {
    const res = await call('/api/login', { body: { email: 'medic@clinic.test', password: 'Medic2026' } });
    expect(res.status).toBe(200);
    expect(primaryTrips(res)).toBeGreaterThan(0);
    expect(primaryTrips(res)).toBe(roundTrips(res));
  });

  test("a session's refresh of lastSeenAt goes after the answer, not on the read's trip", async () => {
    await db().run(sql`update sessions set last_seen_at = last_seen_at - 400000`);
    // the first read may learn the old last-seen time with its check; the next one refreshes it
    for (let i = 0; i < 2; i++) {
      const res = await call('/api/patients/1', { token: medic });
      expect(res.status).toBe(200);
      expect(rowsWritten(res), res.headers.get('server-timing') ?? '').toBe(0);
    }
    await expect
      .poll(
        async () => {
          const fresh = await db().get<{ n: number }>(
            sql`select count(*) as n from sessions where last_seen_at > ${Date.now() - 60_000}`,
          );
          return fresh?.n ?? 0;
        },
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
  });
});
