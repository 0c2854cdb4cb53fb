import { is, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { writeAuditEntries } from '../access-log/access-log';
import type { PatientCreate } from '../contract/patients';
import { batchSql, type Db } from '../db/client';
import { findClinic } from '../db/clinics.repo';
import * as schema from '../db/schema';
import { AppError } from '../lib/errors';
import { DEMO_MEDIC, DEMO_PATIENT, seedDemo } from '../local/seed';
import { createBudget } from './budgets/budget-lines.repo';
import { addRefund, recordOnlinePayment } from './budgets/budget-money.repo';
import { listBudgets } from './budgets/budget-search.repo';
import { getBudget } from './budgets/budgets.repo';
import { updateClinic } from './clinics/clinics.repo';
import { findMedicByEmail } from './medics/medics.repo';
import { issueResetToken, resetPassword } from './password/password.repo';
import {
  createPatient,
  findPatientsContaining,
  getPatient,
  listPatients,
  updatePatient,
} from './patients/patients.repo';
import { listTreatments, updateTreatmentPrice } from './treatments/treatments.repo';
import { deleteTurn, findTurn, insertTurn, listTurns } from './turns/turns.repo';

const PEPPER = 'repository-suite-pepper';

const person = (n: number): PatientCreate => ({
  infoUser: {
    name: 'Agnes',
    lastName: `Skinner${n}`,
    documentType: 'DNI',
    document: String(70_000_000 + n),
    email: `agnes${n}@clinic.test`,
    cellphone: '1155550101',
    telephone: '1145550101',
    birth: '1930-01-01',
    street: 'Main',
    number: '1',
    city: 'Springfield',
    postalCode: '1000',
  },
  infoPatient: { medicalService: 'OSDE' },
});

const countOf = async (db: Db, table: string): Promise<number> => {
  const [rows] = await batchSql(db, [sql.raw(`select count(*) as n from ${table}`)]);
  return Number(rows?.[0]?.n ?? 0);
};

/**
 * The repository-level tests, one body for every SQL engine the worker may run on: D1 in workerd
 * (src/routes/repo.d1.test.ts) and libSQL (test/node/repo.libsql.test.ts). `open` answers a database
 * with every migration applied and nothing else.
 */
export function repositorySuite(engine: string, open: () => Promise<Db>): void {
  describe(`repositories on ${engine}`, () => {
    let db: Db;
    let medicId: number;
    beforeAll(async () => {
      db = await open();
    });

    test('the migrations create every table and column of the drizzle schema', async () => {
      const tables = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable));
      expect(tables.length).toBeGreaterThan(10);
      for (const table of tables) {
        const { name, columns } = getTableConfig(table);
        const [info] = await batchSql(db, [sql.raw(`select name from pragma_table_xinfo('${name}')`)]);
        expect(
          columns.map((c) => c.name).filter((c) => !info?.some((row) => row.name === c)),
          name,
        ).toEqual([]);
      }
    });

    test('the demo seed (drizzle batches) and the clinic, medic and price list reads', async () => {
      expect(await seedDemo(db, PEPPER)).toBe(true);
      const clinic = await findClinic(db);
      expect(clinic?.name).toBe('Demo Clinic');
      const updated = await updateClinic(db, clinic?.ID ?? 0, { name: 'Springfield Dental' } as never);
      expect(updated?.name).toBe('Springfield Dental');
      const medic = await findMedicByEmail(db, DEMO_MEDIC.email);
      expect(medic?.email).toBe(DEMO_MEDIC.email);
      medicId = medic?.ID ?? 0;
      const { rows } = await listTreatments(db, { q: undefined, limit: 50, offset: 0 } as never);
      expect(rows.map((t) => t.ID)).toContain('0101');
      expect((await updateTreatmentPrice(db, '0101', 1200))?.price).toBe(1200);
    });

    test('patients: created in one batch, read, updated, listed and searched', async () => {
      const created = await createPatient(db, person(1));
      await createPatient(db, person(2));
      expect(created.lastName).toBe('Skinner1');
      const id = created.ID;
      expect((await getPatient(db, id)).email).toBe('agnes1@clinic.test');
      const updated = await updatePatient(db, id, {
        infoUser: { ...person(1).infoUser, name: 'Agatha' },
        infoPatient: { medicalService: 'Swiss Medical' },
      } as never);
      expect(updated.name).toBe('Agatha');
      // prefix of the name (index ranges), of the document, and the empty list
      expect((await listPatients(db, 'agatha', 50, 0)).rows.map((p) => p.ID)).toEqual([id]);
      expect((await listPatients(db, '70000002', 50, 0)).total).toBe(1);
      expect((await listPatients(db, undefined, 50, 0)).total).toBeGreaterThanOrEqual(3);
    });

    test('a duplicate patient is refused and leaves nothing behind', async () => {
      const before = await countOf(db, 'users');
      await expect(createPatient(db, person(1))).rejects.toBeInstanceOf(AppError);
      expect(await countOf(db, 'users')).toBe(before);
    });

    test('the FTS5 trigram search finds a substring in any case; a short term scans', async () => {
      const trigram = await findPatientsContaining(db, 'KINNER', 50);
      expect(trigram.map((p) => p.lastName)).toEqual(['Skinner1', 'Skinner2']);
      expect(await findPatientsContaining(db, 'agnes2@clinic', 50)).toHaveLength(1);
      expect((await findPatientsContaining(db, 'r2', 50)).map((p) => p.lastName)).toEqual(['Skinner2']);
    });

    test('every person search ignores accents and case: home search, picker, budgets, price list', async () => {
      const named = (n: number, name: string, lastName: string): PatientCreate => ({
        ...person(n),
        infoUser: { ...person(n).infoUser, name, lastName },
      });
      const pena = await createPatient(db, named(31, 'José', 'Peña'));
      const garcia = await createPatient(db, named(32, 'María', 'García López'));
      const carmen = await createPatient(db, named(33, 'María del Carmen', 'Oyarzún'));
      const ids = async (q: string) => (await listPatients(db, q, 50, 0)).rows.map((p) => p.ID);
      // the home search: a prefix of the name or of the last name
      expect(await ids('pena')).toEqual([pena.ID]);
      expect(await ids('PEÑA')).toEqual([pena.ID]);
      expect(await ids('jose pena')).toEqual([pena.ID]);
      expect(await ids('garcia lopez')).toEqual([garcia.ID]);
      expect(await ids('maria garcia')).toEqual([garcia.ID]);
      expect(await ids('maria del carmen')).toEqual([carmen.ID]);
      expect(await ids('oyarzun')).toEqual([carmen.ID]);
      // the calendar's patient picker: a substring, through the trigram index or (short) the scan
      const picked = async (q: string) => (await findPatientsContaining(db, q, 50)).map((p) => p.ID);
      expect(await picked('pena')).toEqual([pena.ID]);
      expect(await picked('del carmen')).toEqual([carmen.ID]);
      expect(await picked('OYARZÚN')).toEqual([carmen.ID]);
      expect(await picked('garcia lopez')).toEqual([garcia.ID]);
      expect(await picked('eñ')).toContain(pena.ID);
      // the budgets by name: their own trigram index, and the patients first for a short term
      const budgetOf = async (patientId: number) =>
        (
          await createBudget(db, {
            PatientID: patientId,
            treatments: [{ ID: '0101', quantity: 1 }],
            discount: null,
          } as never)
        ).ID;
      const penaBudget = await budgetOf(pena.ID);
      const carmenBudget = await budgetOf(carmen.ID);
      const budgetIds = async (q: string) =>
        (await listBudgets(db, { q, sort: 'date_desc', limit: 50, offset: 0 } as never, null)).rows.map(
          (b) => b.ID,
        );
      expect(await budgetIds('oyarzun')).toEqual([carmenBudget]);
      expect(await budgetIds('del carmen')).toEqual([carmenBudget]);
      expect(await budgetIds('jose pena')).toEqual([penaBudget]);
      expect(await budgetIds('eñ')).toContain(penaBudget);
      // a patient renamed: the folded names follow into every index
      await updatePatient(db, pena.ID, {
        infoUser: { ...named(31, 'José', 'Peñaloza').infoUser },
        infoPatient: { medicalService: 'OSDE' },
      } as never);
      expect(await ids('penaloza')).toEqual([pena.ID]);
      expect(await picked('naloza')).toEqual([pena.ID]);
      expect(await budgetIds('penaloza')).toEqual([penaBudget]);
      // the price list
      await batchSql(db, [
        sql`insert into treatments (id, treatment_type, description, price_cents) values ('9901', 'cirugía', 'Extracción simple', 100)`,
      ]);
      const treatmentIds = async (q: string) =>
        (await listTreatments(db, { q, limit: 50, offset: 0 })).rows.map((t) => t.ID);
      expect(await treatmentIds('extraccion')).toEqual(['9901']);
      expect(await treatmentIds('CIRUGIA')).toEqual(['9901']);
      expect(await treatmentIds('EXTRACCIÓN')).toEqual(['9901']);
    });

    test('turns: the conditional insert books once, a consultation gets its budget in the same batch', async () => {
      const patientId = (await listPatients(db, '70000001', 1, 0)).rows[0]?.ID ?? 0;
      const turn = {
        date: '2030-03-04',
        time: 9,
        duration: 0.5,
        description: 'Check-up',
        medicAccepts: true,
        medicId,
        patientId,
        consultation: true,
      };
      const id = await insertTurn(db, turn);
      expect(id).toBeGreaterThan(0);
      // the same slot, and one overlapping it, are refused: no double booking
      expect(await insertTurn(db, { ...turn, consultation: false })).toBeNull();
      expect(await insertTurn(db, { ...turn, time: 9.25, consultation: false })).toBeNull();
      // touching ends do not overlap
      const next = await insertTurn(db, { ...turn, time: 9.5, consultation: false });
      expect(next).toBeGreaterThan(0);
      const { rows, total } = await listTurns(db, {
        from: '2030-03-04',
        to: '2030-03-04',
        limit: 50,
        offset: 0,
      });
      expect(total).toBe(2);
      expect(rows[0]?.userPatient.lastName).toBe('Skinner1');
      const [budgets] = await batchSql(db, [sql`select id from budgets where turn_id = ${id}`]);
      expect(budgets).toHaveLength(1);
      expect(await deleteTurn(db, next ?? 0, false)).toBe(true);
      expect(await findTurn(db, next ?? 0)).toBeNull();
    });

    test('budgets: created with its lines in one batch, paid exactly once', async () => {
      const patientId = (await listPatients(db, '70000002', 1, 0)).rows[0]?.ID ?? 0;
      const budget = await createBudget(db, {
        PatientID: patientId,
        treatments: [
          { ID: '0201', quantity: 2 },
          { ID: '0101', quantity: 1 },
        ],
        discount: null,
      } as never);
      expect(budget.ID).toBeGreaterThan(0);
      const cents = Math.round(budget.totalPrice * 100);
      expect(await recordOnlinePayment(db, 'evt_suite_1', budget.ID, cents, 'cs_suite_1')).toBe(true);
      // a replayed event hits the unique key, which both engines report alike
      expect(await recordOnlinePayment(db, 'evt_suite_1', budget.ID, cents, 'cs_suite_1')).toBe(false);
      const paid = await getBudget(db, budget.ID, null);
      expect(paid).toMatchObject({ paid: true, balance: 0, paidAmount: budget.totalPrice });
      // a refund's check-and-write (an insert from a select) works alike on both engines
      const paymentId = paid.payments[0]?.ID ?? 0;
      await addRefund(db, budget.ID, {
        paymentId,
        amountCents: 100,
        reason: 'suite',
        to: 'credit',
        byUserId: 1,
      });
      // the money goes back; the bill does not come back: still paid, the refund listed
      const refunded = await getBudget(db, budget.ID, null);
      expect(refunded).toMatchObject({ paid: true, balance: 0, paidAmount: budget.totalPrice });
      expect(refunded.payments.find((p) => p.kind === 'refund')).toMatchObject({ amount: 1 });
    });

    test('password reset: a token works once', async () => {
      const token = await issueResetToken(db, DEMO_PATIENT.email);
      expect(token).toBeTruthy();
      await resetPassword(db, PEPPER, {
        email: DEMO_PATIENT.email,
        token: token ?? '',
        password: 'After2026',
      });
      await expect(
        resetPassword(db, PEPPER, { email: DEMO_PATIENT.email, token: token ?? '', password: 'Again2026' }),
      ).rejects.toBeInstanceOf(AppError);
    });

    test("a list in the access log reaches each of its patients, indexed once per distinct list (0024's triggers and view)", async () => {
      const log = sql`insert into audit_log (user_id, action, patient_id, patient_ids, route, status)
        values (1, 'read turns', null, ${'[900001,900002]'}, 'GET /api/turns', 200) returning id`;
      const first = (await batchSql(db, [log]))[0]?.[0];
      const again = (await batchSql(db, [log]))[0]?.[0];
      const [indexed, found] = await batchSql(db, [
        sql`select count(*) as n from audit_list_patients where patient_id in (900001, 900002)`,
        sql`select audit_id from audit_log_patients where patient_id = 900002 order by audit_id`,
      ]);
      expect(Number(indexed?.[0]?.n)).toBe(2);
      expect(found?.map((r) => Number(r.audit_id))).toEqual([Number(first?.id), Number(again?.id)]);
    });

    test('access-log entries are written once each, however often they are delivered', async () => {
      const entry = (requestId: string) => ({
        requestId,
        at: new Date().toISOString(),
        userId: 1,
        action: 'read patients',
        patientId: null,
        patientIds: '[900003,900004]',
        route: 'GET /api/patients',
        status: 200,
      });
      const batch = [entry('suite-once-1'), entry('suite-once-2')];
      expect(await writeAuditEntries(db, batch)).toBe(2);
      expect(await writeAuditEntries(db, batch)).toBe(0);
      const [rows] = await batchSql(db, [
        sql`select count(*) as n from audit_log where request_id in ('suite-once-1', 'suite-once-2')`,
      ]);
      expect(Number(rows?.[0]?.n)).toBe(2);
    });

    test('batchSql is atomic: a failing statement undoes the ones before it', async () => {
      const before = await countOf(db, 'outbox');
      await expect(
        batchSql(db, [
          sql`insert into outbox ("to", subject, body) values ('a@clinic.test', 's', 'b')`,
          sql`insert into outbox ("to", subject, body) values (null, 's', 'b')`,
        ]),
      ).rejects.toThrow();
      expect(await countOf(db, 'outbox')).toBe(before);
      const [inserted, counted] = await batchSql(db, [
        sql`insert into outbox ("to", subject, body) values ('a@clinic.test', 's', 'b') returning id`,
        sql`select changes() as n`,
      ]);
      expect(inserted).toHaveLength(1);
      expect(Number(counted?.[0]?.n)).toBe(1);
    });
  });
}
