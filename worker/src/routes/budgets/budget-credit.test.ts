import { beforeAll, describe, expect, test } from 'vitest';
import { call, row, seed, signInMedic, signInPatient } from '../../../test/helpers';
import type { BudgetDetails, PatientCredit } from '../../contract/answers';
import { MSG } from '../../contract/messages';

// A patient's credit (refunds kept "as a credit for the next budget"): the portal reads it, and
// the desk applies it to a budget that already exists (POST /api/Budgets/{id}/credit).

let medic: string;
let patient: string;
const DEMO_PATIENT_ID = 1;

async function newBudget(treatmentId = '0201'): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: treatmentId, quantity: 1 }] },
  });
  expect(res.status).toBe(201);
  return res.json<BudgetDetails>();
}

const pay = (id: number, body: object) => call(`/api/Budgets/${id}/payments`, { token: medic, body });
const useCredit = (id: number, token = medic, query = '') =>
  call(`/api/Budgets/${id}/credit${query}`, { token, method: 'POST' });
const myCredit = async (): Promise<PatientCredit> => {
  const res = await call('/api/Budgets/credit', { token: patient });
  expect(res.status).toBe(200);
  return res.json<PatientCredit>();
};
const paymentsOf = async (id: number) =>
  Number((await row('select count(*) as n from budget_payments where budget_id = ?', id))?.n);

/** Gives the patient `amount` of credit: a budget paid in cash, part of it refunded as credit. */
async function giveCredit(amount: number): Promise<void> {
  const paid = await newBudget();
  const res = await pay(paid.ID, { method: 'cash' });
  expect(res.status).toBe(201);
  const cash = (await res.json<BudgetDetails>()).payments[0];
  const refunded = await call(`/api/Budgets/${paid.ID}/refunds`, {
    token: medic,
    body: { paymentId: cash?.ID, amount, reason: 'Kept for later', to: 'credit' },
  });
  expect(refunded.status).toBe(201);
}

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

describe("the patient's credit", () => {
  test('without credit: the portal reads none and Use credit is 409, nothing written', async () => {
    expect(await myCredit()).toEqual([]);
    const budget = await newBudget();
    const res = await useCredit(budget.ID);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.noCreditToUse });
    expect(await paymentsOf(budget.ID)).toBe(0);
    // Voided comes first: 409 with its own message.
    const voided = await call(`/api/Budgets/${budget.ID}/void`, {
      token: medic,
      body: { reason: 'Other plan' },
    });
    expect(voided.status).toBe(200);
    const again = await useCredit(budget.ID);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ msg: MSG.budgetVoided });
    expect((await useCredit(999_999)).status).toBe(404);
  });

  test('an existing unpaid budget takes the credit made after it: dry run first, then a credit payment', async () => {
    const budget = await newBudget();
    await giveCredit(1000);
    expect(await myCredit()).toEqual([{ currency: 'ARS', amount: 1000 }]);
    // The dry run checks and writes nothing.
    const dry = await useCredit(budget.ID, medic, '?validate=true');
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({ errors: {} });
    expect(await paymentsOf(budget.ID)).toBe(0);
    const res = await useCredit(budget.ID);
    expect(res.status).toBe(201);
    const used = await res.json<BudgetDetails>();
    expect(used).toMatchObject({ paidAmount: 1000, balance: 3500, status: 'Partly paid', credit: 0 });
    expect(used.payments.map((p) => [p.kind, p.method, p.amount])).toEqual([['payment', 'credit', 1000]]);
    expect(await myCredit()).toEqual([]);
    // Spent: a second click is 409.
    expect((await useCredit(budget.ID)).status).toBe(409);
  });

  test('never more than the balance: the rest of the credit stays; a paid budget is 409', async () => {
    const budget = await newBudget('0101');
    expect((await pay(budget.ID, { amount: 1000, method: 'cash' })).status).toBe(201);
    await giveCredit(1000);
    const res = await useCredit(budget.ID);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ paid: true, balance: 0, status: 'Completed', credit: 830 });
    expect(await myCredit()).toEqual([{ currency: 'ARS', amount: 830 }]);
    const again = await useCredit(budget.ID);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ msg: MSG.budgetAlreadyPaid });
  });

  test('credit in pesos does not pay a budget made in dollars', async () => {
    const credit = await myCredit();
    expect(credit.find((c) => c.currency === 'ARS')?.amount ?? 0).toBeGreaterThan(0);
    const put = (currency: string) =>
      call('/api/Clinics', { method: 'PUT', token: medic, body: { currency } });
    expect((await put('USD')).status).toBe(200);
    try {
      const usd = await newBudget();
      expect(usd.payments).toEqual([]);
      expect(usd.credit).toBe(0);
      const res = await useCredit(usd.ID);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ msg: MSG.noCreditToUse });
    } finally {
      await put('ARS');
    }
  });

  test('only a medic uses it (the patient is 403); only a patient reads their own (a medic is 403)', async () => {
    const budget = await newBudget();
    const before = await paymentsOf(budget.ID);
    expect((await useCredit(budget.ID, patient)).status).toBe(403);
    expect(await paymentsOf(budget.ID)).toBe(before);
    expect((await call('/api/Budgets/credit', { token: medic })).status).toBe(403);
    expect((await call('/api/Budgets/credit')).status).toBe(401);
  });
});
