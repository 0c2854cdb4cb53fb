import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, db, seed, signInMedic } from '../../test/helpers';
import { seedBenchBudgets } from './bench/budgets';
import { seedBenchPatients } from './bench/patients';

/** The figures of the `db` entry of a Server-Timing header. */
function dbTiming(
  res: Response,
): { rowsRead: number; rowsWritten: number; statements: number; roundTrips: number } | null {
  const header = res.headers.get('server-timing') ?? '';
  const m = /db;desc="rows_read=(\d+) rows_written=(\d+) statements=(\d+) round_trips=(\d+)"/.exec(header);
  return m
    ? {
        rowsRead: Number(m[1]),
        rowsWritten: Number(m[2]),
        statements: Number(m[3]),
        roundTrips: Number(m[4]),
      }
    : null;
}

describe('D1 rows read per request (local only, read by npm run bench)', () => {
  let medic: string;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
  });

  test('the health check reports the one statement it runs', async () => {
    const res = await call('/api/health');
    expect(dbTiming(res)).toEqual({
      rowsRead: expect.any(Number),
      rowsWritten: 0,
      statements: 1,
      roundTrips: 1,
    });
  });

  test('statements read through drizzle raw() and batches are counted, with the session lookup', async () => {
    // The list of treatments is a drizzle select (raw rows); the patient search is a batch.
    const treatments = await call('/api/treatments', { token: medic });
    expect(treatments.status).toBe(200);
    const rows = (await treatments.json<unknown[]>()).length;
    const t = dbTiming(treatments);
    expect(t?.statements).toBeGreaterThanOrEqual(2);
    expect(t?.rowsRead).toBeGreaterThanOrEqual(rows);

    const search = await call('/api/patients?q=a', { token: medic });
    expect(search.status).toBe(200);
    const s = dbTiming(search);
    expect(s?.statements).toBeGreaterThanOrEqual(3);
    expect(s?.rowsRead).toBeGreaterThan(0);
    // a batch is one trip to the database, whatever it holds
    expect(s?.roundTrips).toBeLessThan(s?.statements ?? 0);
  });

  test('writes are counted as rows written', async () => {
    const res = await call('/api/login', { body: { email: 'medic@clinic.test', password: 'Medic2026' } });
    expect(res.status).toBe(200);
    expect(dbTiming(res)?.rowsWritten).toBeGreaterThan(0);
  });
});

/**
 * Calls whose cost must follow the page they answer, not the clinic's size: 400 synthetic
 * patients (every one's email holds 'bench'), and each call reads far fewer rows than that.
 */
describe('rows read follow the page, not the number of patients', () => {
  const PATIENTS = 400;
  let medic: string;
  beforeAll(async () => {
    await seed();
    await seedBenchPatients(db(), PATIENTS);
    // One budget for one patient in ten: a walk of the patients would step over the other nine.
    await seedBenchBudgets(db(), PATIENTS / 10);
    medic = await signInMedic();
  });

  const rowsReadBy = async (path: string) => {
    const res = await call(path, { token: medic });
    expect(res.status).toBe(200);
    return { rows: (await res.json<unknown[]>()).length, rowsRead: dbTiming(res)?.rowsRead ?? Number.NaN };
  };

  test("the calendar's patient picker: its first matches, however many patients match", async () => {
    const { rows, rowsRead } = await rowsReadBy('/api/patients?contains=bench&limit=8');
    expect(rows).toBe(8);
    expect(rowsRead).toBeLessThan(100);
  });

  // 'gonzalez' is the last name of 40 of them, 'maria gonzalez' of one. The search reads the folded
  // names from its indexes alone: the page, its count and the access log's walk of the page, the
  // same rows as before accents were folded (279 for 'gonzalez'), never the 400 patients.
  test.each(['gonzalez', 'GONZÁLEZ', 'maria', 'maria gonzalez'])(
    'the home search by name or last name, typed with or without accents (%s): about its page',
    async (q) => {
      const { rows, rowsRead } = await rowsReadBy(`/api/patients?q=${encodeURIComponent(q)}&limit=20`);
      expect(rows).toBeGreaterThan(0);
      expect(rowsRead).toBeLessThan(300);
    },
  );

  test('the patient list without a search: its full count from the kept count, in step', async () => {
    const total = async () => {
      const res = await call('/api/patients?limit=20', { token: medic });
      const counted = await db().get<{ n: number }>(sql`select count(*) as n from patients`);
      return { header: Number(res.headers.get('x-total-count')), counted: counted?.n, res };
    };
    const first = await total();
    expect(first.header).toBe(first.counted);
    expect(first.header).toBeGreaterThan(PATIENTS);
    // A page of 20: its rows, the kept count, and its access-log row, which walks the page's patient
    // IDs again in the same batch (auth/access readBatch): about 160 rows, never the 400+ patients.
    expect(dbTiming(first.res)?.rowsRead).toBeLessThan(200);

    const id = await addPatient(medic, {
      name: 'Cletus',
      lastName: 'Spuckler',
      document: '55500011',
      email: 'cletus@clinic.test',
      cellphone: '1155550011',
      telephone: '1145550011',
      birth: '1970-01-01',
    });
    expect((await total()).header).toBe(first.header + 1);
    await db().run(sql`delete from users where id = (select user_id from patients where id = ${id})`);
    const after = await total();
    expect(after.header).toBe(first.header);
    expect(after.header).toBe(after.counted);
  });

  test.each(['name_asc', 'name_desc'])(
    'budgets sorted by patient name (%s): a walk of the budgets, not of the patients',
    async (sort) => {
      for (const paid of ['', '&paid=false']) {
        const { rows, rowsRead } = await rowsReadBy(`/api/Budgets?sort=${sort}&limit=10${paid}`);
        expect(rows).toBe(10);
        expect(rowsRead, paid).toBeLessThan(150);
      }
    },
  );
});
