import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, signIn, signInMedic, signInPatient } from '../../../test/helpers';
import { weekdayOf } from '../../contract/slots';
import { localDate } from '../../contract/turns';
import {
  DEMO_CLINIC,
  DEMO_FREE_TIMES,
  DEMO_MEDICS_MORE,
  DEMO_PATIENT_EMAIL_DOMAIN,
  DEMO_TURNS_WITHIN_DAYS,
} from '../demo';

const all = async <T>(query: string): Promise<T[]> => (await env.DB.prepare(query).all<T>()).results;
const one = async (query: string): Promise<number> =>
  (await env.DB.prepare(query).first<{ n: number }>())?.n ?? 0;

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('POST /api/dev/seed: the demo clinic npm start opens on', () => {
  it('seeds medics, patients, this week and next week of turns, budgets, records and a study PDF, once', async () => {
    const res = await call('/api/dev/seed', { method: 'POST' });
    expect(await res.json()).toEqual({ seeded: true });

    // 3 medics, one waiting for approval; the demo accounts sign in as before
    expect(await one(`select count(*) n from users where user_type = 'Medic'`)).toBe(3);
    expect(await one(`select count(*) n from users where user_type = 'Medic' and approved = 0`)).toBe(1);
    const medic = await signInMedic();
    await signInPatient();
    const [approved, pending] = DEMO_MEDICS_MORE;
    await signIn(approved.email, approved.password);
    await signIn(pending.email, pending.password);
    const waiting = await call('/api/medics/pending', { token: medic });
    expect(await waiting.text()).toContain(pending.email);

    // about 40 patients with Argentine documents (digits, 8 of them)
    const seeded = await all<{ document: string; email: string }>(
      `select document, email from users where email like '%${DEMO_PATIENT_EMAIL_DOMAIN}'`,
    );
    expect(seeded.length).toBe(40);
    for (const p of seeded) expect(p.document).toMatch(/^\d{8}$/);

    // turns: Monday of this week to Friday of next week, for both working medics, some accepted by
    // both sides, some consultations; none on a weekend, the free times free, later dates empty
    const today = localDate(new Date(), DEMO_CLINIC.timeZone);
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
    const turns = await all<{
      date: string;
      time: number;
      medic_id: number;
      medic_accepts: number;
      patient_accepts: number;
      is_consultation: number;
    }>('select date, time, medic_id, medic_accepts, patient_accepts, is_consultation from turns');
    expect(turns.length).toBeGreaterThan(40);
    expect(new Set(turns.map((t) => t.medic_id))).toEqual(new Set([1, 2]));
    for (const t of turns) {
      expect(t.date >= monday && t.date <= addDays(monday, 11)).toBe(true);
      expect(t.date < addDays(today, DEMO_TURNS_WITHIN_DAYS)).toBe(true);
      expect([0, 6]).not.toContain(weekdayOf(t.date));
      expect(DEMO_FREE_TIMES).not.toContain(t.time);
    }
    expect(turns.some((t) => t.date >= addDays(monday, 7))).toBe(true);
    expect(turns.some((t) => t.medic_accepts && t.patient_accepts)).toBe(true);
    expect(turns.filter((t) => t.is_consultation).length).toBeGreaterThan(2);
    // a consultation is medic 1's and has its budget
    expect(turns.filter((t) => t.is_consultation && t.medic_id !== 1)).toEqual([]);
    expect(
      await one(
        'select count(*) n from turns t where t.is_consultation = 1 and not exists (select 1 from budgets b where b.turn_id = t.id)',
      ),
    ).toBe(0);

    // budgets paid and unpaid, each total the sum of its lines; the list answers them
    expect(await one('select count(*) n from budgets where paid = 1')).toBeGreaterThan(3);
    expect(await one('select count(*) n from budgets where paid = 0')).toBeGreaterThan(3);
    expect(
      await one(
        'select count(*) n from budgets b where total_cents != (select sum(sub_total_cents) from budget_lines l where l.budget_id = b.id)',
      ),
    ).toBe(0);
    // none dated after today: a budget created now comes first in the list, newest first
    expect(await one(`select count(*) n from budgets where created_at > '${today}T23:59:59'`)).toBe(0);
    // a paid budget's payment is in the ledger: nothing owed on it, and the reports count it collected
    expect(
      await one(
        `select count(*) n from budgets b where paid_cents != (select coalesce(sum(amount_cents), 0) from budget_payments p where p.budget_id = b.id and p.kind = 'payment')`,
      ),
    ).toBe(0);
    expect(await one('select count(*) n from budgets where paid = 1 and paid_cents != total_cents')).toBe(0);
    const list = await call('/api/Budgets', { token: medic });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('X-Total-Count'))).toBe(await one('select count(*) n from budgets'));

    // evolutions on several teeth, clinical histories, and one study whose PDF the API serves
    expect(await one('select count(distinct tooth_id) n from evolutions')).toBeGreaterThan(4);
    expect(await one('select count(*) n from clinical_histories')).toBeGreaterThan(2);
    // each with its first version, so what it said before a change stays readable
    const [history] = await all<{ patient_id: number }>('select patient_id from clinical_histories limit 1');
    const versions = await call(`/api/clinicalhistories/${history?.patient_id}/versions`, { token: medic });
    expect(versions.status).toBe(200);
    expect(await versions.json()).toHaveLength(1);
    expect(
      await one(
        'select count(*) n from clinical_histories h where not exists (select 1 from clinical_history_versions v where v.patient_id = h.patient_id)',
      ),
    ).toBe(0);
    const [study] = await all<{ id: number }>('select id from studies');
    const file = await call(`/api/studies/${study?.id}/file`, { token: medic });
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // recalls to work from: the check-up, scaling and fluoride carry an interval; one patient is overdue
    expect(await one('select count(*) n from treatments where recall_months is not null')).toBe(3);
    const overdue = await call('/api/recalls?status=overdue', { token: medic });
    expect(((await overdue.json()) as unknown[]).length).toBeGreaterThan(0);

    // the demo patient keeps an empty record
    for (const table of ['turns', 'budgets', 'evolutions', 'studies', 'clinical_histories']) {
      expect(await one(`select count(*) n from ${table} where patient_id = 1`)).toBe(0);
    }

    // once: a second start finds the data and writes nothing
    const again = await call('/api/dev/seed', { method: 'POST' });
    expect(await again.json()).toEqual({ seeded: false });
    expect(await one(`select count(*) n from users where user_type = 'Medic'`)).toBe(3);
  });
});
