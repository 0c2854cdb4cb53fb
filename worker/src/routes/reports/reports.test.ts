import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, seed, signInMedic, signInPatient } from '../../../test/helpers';
import type { BudgetDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import type { Report, ReportMonth } from '../../contract/reports';
import { BOM, csvCell, toCsv } from '../../lib/csv';

let medic: string;
let patient: string;
let patientId: number;

const report = async (from: string, to: string, token = medic) => {
  const res = await call(`/api/reports?from=${from}&to=${to}`, { token });
  expect(res.status).toBe(200);
  return res.json<Report>();
};
const monthOf = (r: Report, month: string): ReportMonth => {
  const found = r.months.find((m) => m.month === month);
  if (!found) throw new Error(`no ${month} in the report`);
  return found;
};
/** The `rows_read` of the Server-Timing header the dev entry writes. */
const rowsRead = (res: Response) =>
  Number(/rows_read=(\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  patientId = (await (await call('/api/me', { token: patient })).json<{ patientID: number }>()).patientID;
});

describe('the CSV writer', () => {
  test('cells a spreadsheet would run (=, +, -, @, tab, CR) get an apostrophe; numbers stay numbers', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+54 11 5555')).toBe("'+54 11 5555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tHYPERLINK')).toBe("'\tHYPERLINK");
    expect(csvCell('\rX')).toBe(`"'\rX"`);
    expect(csvCell('Peña, "Pepe"')).toBe('"Peña, ""Pepe"""');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(toCsv([['A', (x: string) => x]], ['=1'])).toBe(`${BOM}A\r\n'=1\r\n`);
  });
});

describe('GET /api/reports', () => {
  test('turns, outcomes, a move, cancellations and a refill count in their months (hand-counted)', async () => {
    // Far from any other test's data: March and April 2031, medic 1. Written straight to the
    // tables the way the routes write them, so the database's triggers keep the figures.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO turns (date, time, duration, medic_id, patient_id, outcome) VALUES
         ('2031-03-03', 9, 1, 1, ?1, 'attended'),
         ('2031-03-03', 10, 0.5, 1, ?1, NULL),
         ('2031-03-04', 11, 0.5, 1, ?1, NULL)`,
      ).bind(patientId),
      // The desk marks the second a no-show; the third is moved to April.
      env.DB.prepare(`UPDATE turns SET outcome = 'no-show' WHERE date = '2031-03-03' AND time = 10`),
      env.DB.prepare(`UPDATE turns SET date = '2031-04-02' WHERE date = '2031-03-04' AND time = 11`),
      // One late cancellation, one in good time.
      env.DB.prepare(
        `INSERT INTO turn_cancellations (turn_id, patient_id, medic_id, date, time, duration, cancelled_by, hours_ahead, late) VALUES
         (9001, ?1, 1, '2031-03-05', 9, 0.5, 'patient', 3, 1),
         (9002, ?1, 1, '2031-03-06', 9, 0.5, 'medic', 72, 0)`,
      ).bind(patientId),
      // A freed start the waitlist refilled, and one nobody took.
      env.DB.prepare(
        `INSERT INTO freed_slots (date, time, duration, medic_id, next_at) VALUES
         ('2031-03-05', 9, 0.5, 1, '2031-03-01T00:00:00Z'), ('2031-03-07', 9, 0.5, 1, '2031-03-01T00:00:00Z')`,
      ),
      env.DB.prepare(`UPDATE freed_slots SET status = 'filled' WHERE date = '2031-03-05'`),
    ]);
    const r = await report('2031-03-01', '2031-04-30');
    expect(r.currency).toBe('ARS');
    expect(r.months.map((m) => m.month)).toEqual(['2031-03', '2031-04']);
    const march = monthOf(r, '2031-03');
    expect(march).toMatchObject({
      turns: 2,
      attended: 1,
      noShows: 1,
      cancelled: 2,
      lateCancelled: 1,
      refilled: 1,
      bookedHours: 1.5,
      // 21 weekdays in March 2031, 8 hours each, one medic.
      openHours: 168,
    });
    expect(march.medics).toEqual([
      { MedicID: 1, name: expect.any(String), bookedHours: 1.5, openHours: 168 },
    ]);
    expect(monthOf(r, '2031-04')).toMatchObject({ turns: 1, attended: 0, noShows: 0, bookedHours: 0.5 });
    // A deleted turn (the cancellation removes it) leaves its month.
    await env.DB.prepare(`DELETE FROM turns WHERE date = '2031-04-02'`).run();
    expect(monthOf(await report('2031-04-01', '2031-04-30'), '2031-04')).toMatchObject({
      turns: 0,
      bookedHours: 0,
    });
  });

  test("the desk's outcome of a started turn (PUT /api/turns/{id}/outcome) moves attended and no-shows", async () => {
    const row = await env.DB.prepare(
      `INSERT INTO turns (date, time, duration, medic_id, patient_id) VALUES ('2025-06-02', 9, 0.5, 1, ?1) RETURNING id`,
    )
      .bind(patientId)
      .first<{ id: number }>();
    const mark = (outcome: string) =>
      call(`/api/turns/${row?.id}/outcome`, { token: medic, method: 'PUT', body: { outcome } });
    expect((await mark('no-show')).status).toBe(200);
    let june = monthOf(await report('2025-06-01', '2025-06-30'), '2025-06');
    expect(june).toMatchObject({ turns: 1, attended: 0, noShows: 1 });
    // A click on the wrong button, corrected.
    expect((await mark('attended')).status).toBe(200);
    june = monthOf(await report('2025-06-01', '2025-06-30'), '2025-06');
    expect(june).toMatchObject({ turns: 1, attended: 1, noShows: 0 });
  });

  test('a budget, a partial payment, its balance and a new patient change this month', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    const before = monthOf(await report(today, today), month);
    const created = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0201', quantity: 1, toothID: 36 }] },
    });
    expect(created.status).toBe(201);
    const budget = await created.json<BudgetDetails>();
    expect(budget.totalPrice).toBe(4500);
    const pay = (body: object) => call(`/api/Budgets/${budget.ID}/payments`, { token: medic, body });
    expect((await pay({ amount: 1000, method: 'cash' })).status).toBe(201);
    let now = monthOf(await report(today, today), month);
    expect(now.billed - before.billed).toBe(4500);
    expect(now.collected - before.collected).toBe(1000);
    expect(now.budgets - before.budgets).toBe(1);
    expect(now.budgetsPaid - before.budgetsPaid).toBe(0);
    // The balance paid: the budget counts as paid.
    expect((await pay({ method: 'cash' })).status).toBe(201);
    await addPatient(medic, {
      name: 'Réport',
      lastName: 'Núñez',
      document: '45000777',
      email: 'report.nunez@clinic.test',
      cellphone: '1155550777',
      telephone: '1145550777',
      birth: '1980-01-01',
    });
    now = monthOf(await report(today, today), month);
    expect(now.collected - before.collected).toBe(4500);
    expect(now.budgetsPaid - before.budgetsPaid).toBe(1);
    expect(now.newPatients - before.newPatients).toBe(1);
  });

  test('12 months read the roll-up, not the turns: a handful of rows', async () => {
    const res = await call('/api/reports?from=2030-05-01&to=2031-04-30', { token: medic });
    expect(res.status).toBe(200);
    expect((await res.json<Report>()).months).toHaveLength(12);
    // The clinic, its medics, the months' rows and the session: far below the 5,000 budget.
    expect(rowsRead(res)).toBeLessThan(60);
  });

  test('bad dates or periods are 422, never a 500; a patient is refused', async () => {
    for (const q of [
      'from=2031-02-30&to=2031-03-01',
      'from=2031-03-01',
      'from=yesterday&to=2031-03-01',
      'from=2031-04-01&to=2031-03-01',
      'from=2020-01-01&to=2031-03-01',
      'from=2031-03-01&to=2031-03-31&format=xlsx',
    ]) {
      expect((await call(`/api/reports?${q}`, { token: medic })).status, q).toBe(422);
    }
    expect((await call('/api/reports?from=2031-03-01&to=2031-03-31', { token: patient })).status).toBe(403);
    expect((await call('/api/reports?from=2031-03-01&to=2031-03-31')).status).toBe(401);
  });
});

describe('?format=csv', () => {
  const csvOf = async (path: string) => {
    const res = await call(path, { token: medic });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[a-z0-9-]+-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The UTF-8 byte-order mark, so spreadsheets read the accents.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // (TextDecoder drops the BOM itself.)
    return new TextDecoder().decode(bytes).split('\r\n');
  };

  test('the report: a header row and one line per month, with the JSON figures', async () => {
    const lines = await csvOf('/api/reports?from=2031-03-01&to=2031-03-31&format=csv');
    expect(lines[0]).toBe(
      'Month,Billed,Collected,Budgets,Budgets paid,Turns,Attended,No-shows,Cancelled,Late cancelled,Refilled,New patients,Booked hours,Open hours',
    );
    expect(lines[1]).toBe('2031-03,0,0,0,0,2,1,1,2,1,1,0,1.5,168');
  });

  test('patients, budgets and a range of turns, accents kept and formulas defused', async () => {
    const id = await addPatient(medic, {
      name: 'Peña',
      lastName: 'Ñandú',
      document: '45000888',
      email: 'csv.pena@clinic.test',
      cellphone: '1155550888',
      telephone: '1145550888',
      birth: '1980-01-01',
    });
    let lines = await csvOf('/api/patients?q=pena&format=csv');
    expect(lines[0]).toBe('ID,Name,Last name,Document,E-mail');
    expect(lines).toContain(`${id},Peña,Ñandú,45000888,csv.pena@clinic.test`);
    // Logged like the list: the access log names the patients the file holds.
    const logged = await env.DB.prepare(
      "select patient_ids from audit_log where action = 'read patients' order by id desc limit 1",
    ).first<{ patient_ids: string }>();
    expect(JSON.parse(logged?.patient_ids ?? '[]')).toContain(id);
    // A description that would run as a formula is written as text.
    await env.DB.prepare(
      `INSERT INTO turns (date, time, duration, medic_id, patient_id, description) VALUES ('2031-05-06', 9, 0.5, 1, ?1, '=HYPERLINK("http://x")')`,
    )
      .bind(id)
      .run();
    lines = await csvOf('/api/turns?from=2031-05-01&to=2031-05-31&format=csv');
    expect(lines[0]).toMatch(/^ID,Date,Time,Duration \(hours\),Patient,Document,Medic ID,Medic,Description,/);
    // the medic by name beside the ID: a desk with two dentists reads it as it is
    expect(lines[1]).toContain(
      `,2031-05-06,09:00,0.5,Peña Ñandú,45000888,1,Dr. Gregory House,"'=HYPERLINK(""http://x"")",`,
    );
    lines = await csvOf('/api/Budgets?paid=true&format=csv');
    expect(lines[0]).toBe('ID,Date,Patient,Document,Treatments,Total,Paid amount,Balance,Status,Valid until');
    expect(
      lines
        .slice(1)
        .filter(Boolean)
        .every((l) => l.includes(',Completed,')),
    ).toBe(true);
  });

  test('turns need their range; a patient is refused every export', async () => {
    expect((await call('/api/turns?from=2031-05-01&format=csv', { token: medic })).status).toBe(422);
    // a range that ends before it starts is a mistake, as the report's is, not an empty file
    const inverted = await call('/api/turns?from=2031-05-31&to=2031-05-01&format=csv', { token: medic });
    expect(inverted.status).toBe(422);
    expect((await inverted.json<{ errors: Record<string, { msg: string }> }>()).errors.to?.msg).toBe(
      MSG.waitlistToBeforeFrom,
    );
    for (const path of [
      '/api/patients?format=csv',
      '/api/Budgets?format=csv',
      '/api/turns?from=2031-05-01&to=2031-05-31&format=csv',
      '/api/reports?from=2031-03-01&to=2031-03-31&format=csv',
    ]) {
      expect((await call(path, { token: patient })).status, path).toBe(403);
    }
  });
});

describe('migration 0034', () => {
  test('its back-fill from the stored rows gives the figures the triggers kept', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0034_'));
    // The back-fill: the migration's own INSERTs (the triggers' are inside CREATE TRIGGER).
    const backFill = (migration?.queries ?? [])
      .map((q) => q.replace(/^\s*--.*$/gm, '').trim())
      .filter((q) => q.startsWith('INSERT'));
    expect(backFill).toHaveLength(6);
    const all = () =>
      env.DB.prepare(
        'SELECT * FROM report_months WHERE turns + attended + no_shows + booked_minutes + cancelled + late_cancelled + refilled + new_patients + budgets + budgets_paid + billed_cents + collected_cents <> 0 ORDER BY month, medic_id',
      ).all();
    const kept = (await all()).results;
    expect(kept.length).toBeGreaterThan(3);
    await env.DB.prepare('DELETE FROM report_months').run();
    for (const statement of backFill) await env.DB.prepare(statement).run();
    expect((await all()).results).toEqual(kept);
  });
});
