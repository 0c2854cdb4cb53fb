import { beforeAll, describe, expect, test } from 'vitest';
import { call, row, seed, signInMedic, signInPatient, workdays } from '../../../test/helpers';
import type { BudgetDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';

// A budget's money: edit and void while nothing is paid, payments at the desk, refunds to the card
// or as a credit the next budget uses, and balance and `paid` over all of them.

let medic: string;
let patient: string;
const DEMO_PATIENT_ID = 1;

async function newBudget(
  treatments = [{ ID: '0201', quantity: 1 }],
  extra: object = {},
): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: DEMO_PATIENT_ID, treatments, ...extra },
  });
  expect(res.status).toBe(201);
  return res.json<BudgetDetails>();
}

const pay = (id: number, body: object, token = medic) => call(`/api/Budgets/${id}/payments`, { token, body });
const refund = (id: number, body: object) => call(`/api/Budgets/${id}/refunds`, { token: medic, body });
const read = async (id: number) => (await call(`/api/Budgets/${id}`, { token: medic })).json<BudgetDetails>();

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

describe('edit and void a pending budget', () => {
  test('three lines with a tooth each and a percentage discount, changed once; every change in the access log', async () => {
    const budget = await newBudget(
      [
        { ID: '0101', quantity: 1 },
        { ID: '0201', quantity: 1, toothID: 16 },
        { ID: '0201', quantity: 1, toothID: 26 },
      ] as never,
      { discountPercent: 10, validUntil: '2030-01-31' },
    );
    expect(budget.treatments.map((l) => [l.ID, l.toothID])).toEqual([
      ['0101', null],
      ['0201', 16],
      ['0201', 26],
    ]);
    expect(budget.discount).toBe(1017);
    expect(budget.discountPercent).toBe(10);
    expect(budget.totalPrice).toBe(9153);
    expect(budget.validUntil).toBe('2030-01-31');

    // Changed with its percent kept: the discount is 10% of the new lines, not the old amount.
    const doubled = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: budget.ID, treatments: [{ ID: '0201', quantity: 4, toothID: 16 }], discountPercent: 10 },
    });
    expect(doubled.status).toBe(200);
    expect(await doubled.json<BudgetDetails>()).toMatchObject({
      discount: 1800,
      discountPercent: 10,
      totalPrice: 16200,
    });

    const res = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: budget.ID, treatments: [{ ID: '0201', quantity: 2, toothID: 36 }], discount: 500 },
    });
    expect(res.status).toBe(200);
    const edited = await res.json<BudgetDetails>();
    expect(edited.treatments).toEqual([
      expect.objectContaining({ ID: '0201', quantity: 2, toothID: 36, subTotalPrice: 9000 }),
    ]);
    // an amount this time: the percent is gone
    expect(edited).toMatchObject({
      discount: 500,
      discountPercent: null,
      totalPrice: 8500,
      balance: 8500,
      status: 'Pending',
    });
    expect(
      await row(
        "select count(*) as n from audit_log where action = 'update budget' and patient_id = ?",
        DEMO_PATIENT_ID,
      ),
    ).toEqual({ n: expect.any(Number) });
  });

  test('a tooth outside the FDI chart is 422 and writes nothing', async () => {
    const res = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1, toothID: 19 }] },
    });
    expect(res.status).toBe(422);
  });

  test('a discount both as an amount and as a percentage is 422, never one quietly dropped', async () => {
    const res = await call('/api/Budgets', {
      token: medic,
      body: {
        PatientID: DEMO_PATIENT_ID,
        treatments: [{ ID: '0201', quantity: 1 }],
        discount: 100,
        discountPercent: 10,
      },
    });
    expect(res.status).toBe(422);
    expect((await res.json<{ errors: Record<string, { msg: string }> }>()).errors.discountPercent?.msg).toBe(
      MSG.discountOneWay,
    );
  });

  test('an edit is refused (409) once any payment was recorded, and changes nothing', async () => {
    const budget = await newBudget();
    expect((await pay(budget.ID, { amount: 1000, method: 'cash' })).status).toBe(201);
    const res = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: budget.ID, treatments: [{ ID: '0101', quantity: 1 }] },
    });
    expect(res.status).toBe(409);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.budgetHasPayments);
    const after = await read(budget.ID);
    expect(after.treatments.map((l) => l.ID)).toEqual(['0201']);
    expect(after.totalPrice).toBe(4500);
  });

  test('void with a reason; one with payments is 409; a voided one takes no payment', async () => {
    const budget = await newBudget();
    expect((await call(`/api/Budgets/${budget.ID}/void`, { token: medic, body: {} })).status).toBe(422);
    const res = await call(`/api/Budgets/${budget.ID}/void`, {
      token: medic,
      body: { reason: 'Patient chose another plan' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'Voided',
      voidReason: 'Patient chose another plan',
      balance: 0,
    });
    expect((await pay(budget.ID, { method: 'cash' })).status).toBe(409);

    const paid = await newBudget();
    await pay(paid.ID, { amount: 10, method: 'card' });
    expect((await call(`/api/Budgets/${paid.ID}/void`, { token: medic, body: { reason: 'x' } })).status).toBe(
      409,
    );
  });

  test('a patient may neither edit, pay at the desk, refund nor void', async () => {
    const budget = await newBudget();
    expect((await pay(budget.ID, { method: 'cash' }, patient)).status).toBe(403);
    expect(
      (await call(`/api/Budgets/${budget.ID}/void`, { token: patient, body: { reason: 'x' } })).status,
    ).toBe(403);
    expect(
      (
        await call(`/api/Budgets/${budget.ID}/refunds`, {
          token: patient,
          body: { paymentId: 1, reason: 'x', to: 'card' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('balance and paid over payments and refunds', () => {
  test('a 30% payment, the rest at the desk, a partial refund and its credit', async () => {
    const budget = await newBudget();
    let res = await pay(budget.ID, { amount: 1350, method: 'transfer' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      paidAmount: 1350,
      balance: 3150,
      paid: false,
      status: 'Partly paid',
    });

    // more than the balance is refused and writes nothing
    res = await pay(budget.ID, { amount: 3150.01, method: 'cash' });
    expect(res.status).toBe(409);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.amountAboveBalance);

    // the rest: 'Mark as paid' (PUT paid: true) records a payment of the balance
    res = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: budget.ID, paid: true, method: 'card' },
    });
    expect(res.status).toBe(200);
    const paid = await res.json<BudgetDetails>();
    expect(paid).toMatchObject({ paidAmount: 4500, balance: 0, paid: true, status: 'Completed' });
    expect(paid.payments.map((p) => [p.kind, p.method, p.amount])).toEqual([
      ['payment', 'transfer', 1350],
      ['payment', 'card', 3150],
    ]);
    expect(paid.payments[0]?.by).toBeTruthy();
    expect((await pay(budget.ID, { method: 'cash' })).status).toBe(409);

    // a refund needs a reason; part of the card payment back as a credit
    const cardPayment = paid.payments[1]?.ID ?? 0;
    expect((await refund(budget.ID, { paymentId: cardPayment, to: 'credit' })).status).toBe(422);
    res = await refund(budget.ID, { paymentId: cardPayment, amount: 150, reason: 'Goodwill', to: 'credit' });
    expect(res.status).toBe(201);
    const refunded = await res.json<BudgetDetails>();
    // a refund gives money back without putting it back on the bill: still paid, nothing to pay
    expect(refunded).toMatchObject({
      paidAmount: 4500,
      balance: 0,
      paid: true,
      status: 'Completed',
      credit: 150,
    });
    expect(refunded.payments.at(-1)).toMatchObject({
      kind: 'refund',
      method: 'credit',
      amount: 150,
      reason: 'Goodwill',
    });
    expect(refunded.payments[1]?.refundable).toBe(3000);

    // ... so the list's unpaid filter leaves it out
    const list = await (await call('/api/Budgets?paid=false&limit=200', { token: medic })).json<
      BudgetDetails[]
    >();
    expect(list.find((b) => b.ID === budget.ID)).toBeUndefined();

    // the patient's next budget uses the credit first
    const next = await newBudget([{ ID: '0101', quantity: 1 }]);
    expect(next).toMatchObject({ paidAmount: 150, balance: 1020, status: 'Partly paid' });
    expect(next.payments).toEqual([
      expect.objectContaining({ method: 'credit', amount: 150, kind: 'payment' }),
    ]);
    expect((await read(next.ID)).credit).toBe(0);
  });

  test('a refund never exceeds what was paid, under parallel requests', async () => {
    const budget = await newBudget();
    const paid = await (await pay(budget.ID, { amount: 1000, method: 'cash' })).json<BudgetDetails>();
    const paymentId = paid.payments[0]?.ID ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        refund(budget.ID, { paymentId, amount: 300, reason: 'Parallel', to: 'card' }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    expect(
      await row(
        "select sum(amount_cents) as n from budget_payments where kind = 'refund' and refund_of = ?",
        paymentId,
      ),
    ).toEqual({
      n: 90000,
    });
    expect(await read(budget.ID)).toMatchObject({ paidAmount: 1000, balance: 3500 });
    // the whole of what is left, then nothing more
    expect((await refund(budget.ID, { paymentId, reason: 'Rest', to: 'card' })).status).toBe(201);
    expect((await refund(budget.ID, { paymentId, amount: 0.01, reason: 'More', to: 'card' })).status).toBe(
      409,
    );
    expect((await refund(budget.ID, { paymentId: 999999, reason: 'None', to: 'card' })).status).toBe(404);
  });

  test('a refund goes back the way it was paid: cash as cash, and a payment made with credit only as credit', async () => {
    const budget = await newBudget();
    const cash = await (await pay(budget.ID, { amount: 100, method: 'cash' })).json<BudgetDetails>();
    expect(
      (
        await refund(budget.ID, {
          paymentId: cash.payments[0]?.ID,
          amount: 50,
          reason: 'Less work',
          to: 'card',
        })
      ).status,
    ).toBe(201);
    const mail = await row(
      "select body from outbox where subject like 'Refund of %' order by id desc limit 1",
    );
    expect(String(mail?.body)).toContain('It is given back to you in cash at the clinic.');
    // the 50 kept as credit pays the next budget first; that payment goes back only as credit
    await refund(budget.ID, { paymentId: cash.payments[0]?.ID, amount: 50, reason: 'Rest', to: 'credit' });
    const next = await newBudget([{ ID: '0101', quantity: 1 }]);
    const withCredit = next.payments.find((p) => p.method === 'credit');
    const toCard = await refund(next.ID, { paymentId: withCredit?.ID, reason: 'Back', to: 'card' });
    expect(toCard.status).toBe(422);
    expect((await toCard.json<{ errors: Record<string, { msg: string }> }>()).errors.to?.msg).toBe(
      MSG.creditRefundAsCredit,
    );
  });

  test('desk payments in parallel never pay more than the total', async () => {
    const budget = await newBudget();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(budget.ID, { amount: 1000, method: 'cash' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    expect(await read(budget.ID)).toMatchObject({ paidAmount: 4000, balance: 500, paid: false });
  });
});

describe('a paid consultation cancelled by the clinic', () => {
  test('the cancel says it was paid; the refund as a credit is mailed and pays the next consultation', async () => {
    const workday = workdays();
    const bookConsult = async (time: number) => {
      const res = await call('/api/turns', {
        token: medic,
        body: {
          date: workday(),
          time,
          duration: 0.5,
          description: 'Check-up #consult',
          medicAccepts: true,
          patientAccepts: false,
          MedicID: 1,
          PatientID: DEMO_PATIENT_ID,
        },
      });
      expect(res.status).toBe(201);
      const turn = await res.json<{ ID: number }>();
      const budget = await row('select id from budgets where turn_id = ?', turn.ID);
      return { turnId: turn.ID, budgetId: Number(budget?.id) };
    };
    // spend any credit earlier tests left, so this one starts from none
    await newBudget([{ ID: '0302', quantity: 3 }]);
    const first = await bookConsult(10);
    const paid = await (await pay(first.budgetId, { method: 'card' })).json<BudgetDetails>();
    expect(paid.paid).toBe(true);

    const cancel = await call(`/api/turns/delete/${first.turnId}`, { method: 'DELETE', token: medic });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({
      deleted: true,
      paidBudget: { ID: first.budgetId, paidAmount: 1170 },
    });
    // nothing happens to the money by itself
    expect(await read(first.budgetId)).toMatchObject({ paid: true, paidAmount: 1170 });

    const res = await refund(first.budgetId, {
      paymentId: paid.payments[0]?.ID,
      reason: 'The clinic cancelled the turn',
      to: 'credit',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      credit: 1170,
      paidAmount: 1170,
      balance: 0,
      status: 'Completed',
    });
    const mail = await row(
      "select subject, body from outbox where subject like 'Refund of %' order by id desc limit 1",
    );
    expect(String(mail?.body)).toContain('kept as a credit');

    const second = await bookConsult(11);
    expect(await read(second.budgetId)).toMatchObject({ paid: true, balance: 0, credit: 0 });
    expect((await read(second.budgetId)).payments).toEqual([
      expect.objectContaining({ method: 'credit', amount: 1170 }),
    ]);
  });
});

describe('a paid consultation cancelled with the refund chosen in the cancel', () => {
  const workday = workdays();
  const bookConsult = async (time: number) => {
    const res = await call('/api/turns', {
      token: medic,
      body: {
        date: workday(),
        time,
        duration: 0.5,
        description: 'Check-up #consult',
        medicAccepts: true,
        patientAccepts: false,
        MedicID: 1,
        PatientID: DEMO_PATIENT_ID,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const turn = await res.json<{ ID: number }>();
    const budget = await row('select id from budgets where turn_id = ?', turn.ID);
    return { turnId: turn.ID, budgetId: Number(budget?.id) };
  };
  const cancelMail = () =>
    row("select subject, body from outbox where subject like '%was cancelled' order by id desc limit 1");

  test('a refund that is neither card nor credit is 422 and cancels nothing', async () => {
    const turn = await bookConsult(14);
    const res = await call(`/api/turns/delete/${turn.turnId}?refund=cash`, {
      method: 'DELETE',
      token: medic,
    });
    expect(res.status).toBe(422);
    expect(await row('select id from turns where id = ?', turn.turnId)).not.toBeNull();
  });

  test('kept as credit: every payment goes back as credit, the cancel mail says so, the next consultation uses it', async () => {
    // spend any credit earlier tests left, so this one starts from none
    await newBudget([{ ID: '0302', quantity: 3 }]);
    const first = await bookConsult(15);
    expect((await pay(first.budgetId, { amount: 500, method: 'cash' })).status).toBe(201);
    expect((await pay(first.budgetId, { method: 'card' })).status).toBe(201);

    const res = await call(`/api/turns/delete/${first.turnId}?refund=credit`, {
      method: 'DELETE',
      token: medic,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ID: first.turnId,
      deleted: true,
      paidBudget: { ID: first.budgetId, paidAmount: 1170 },
      refunded: { to: 'credit', amount: 1170 },
    });
    const after = await read(first.budgetId);
    expect(after).toMatchObject({ paidAmount: 1170, balance: 0, credit: 1170 });
    expect(after.payments.filter((p) => p.kind === 'refund').map((p) => [p.method, p.amount])).toEqual([
      ['credit', 500],
      ['credit', 670],
    ]);
    const mail = await cancelMail();
    expect(String(mail?.body)).toContain('is kept as a credit on your account');
    expect(String(mail?.body)).toContain('1,170');
    // the cancel mail says it: no second refund mail
    expect(
      await row(
        'select id from outbox where subject = ?',
        `Refund of ARS 1,170.00 on budget ${first.budgetId}`,
      ),
    ).toBeNull();

    const second = await bookConsult(16);
    expect(await read(second.budgetId)).toMatchObject({ paid: true, balance: 0, credit: 0 });
  });

  test('refunded to the card: the refund is to the card and the cancel mail says so; without a choice nothing moves', async () => {
    const paidTurn = await bookConsult(12);
    expect((await pay(paidTurn.budgetId, { method: 'card' })).status).toBe(201);
    const res = await call(`/api/turns/delete/${paidTurn.turnId}?refund=card`, {
      method: 'DELETE',
      token: medic,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refunded: { to: 'card', amount: 1170 } });
    expect(await read(paidTurn.budgetId)).toMatchObject({ paidAmount: 1170, balance: 0, credit: 0 });
    expect(String((await cancelMail())?.body)).toContain('is refunded to the card you paid with');

    const unchosen = await bookConsult(9);
    expect((await pay(unchosen.budgetId, { method: 'cash' })).status).toBe(201);
    const plain = await call(`/api/turns/delete/${unchosen.turnId}`, { method: 'DELETE', token: medic });
    expect(await plain.json()).not.toHaveProperty('refunded');
    expect(await read(unchosen.budgetId)).toMatchObject({ paid: true, paidAmount: 1170 });
    expect(String((await cancelMail())?.body)).toContain('the clinic will tell you whether');
  });

  test('a patient cancelling a paid consultation is told what happens to the money', async () => {
    const paidTurn = await bookConsult(15.5);
    expect((await pay(paidTurn.budgetId, { method: 'card' })).status).toBe(201);
    const res = await call(`/api/turns/delete/${paidTurn.turnId}`, { method: 'DELETE', token: patient });
    expect(res.status).toBe(200);
    const body = String((await cancelMail())?.body).replaceAll('\u00a0', ' ');
    expect(body).toContain('You paid ARS 1,170.00 for this consultation: the clinic will tell you whether');
  });

  test('a consultation paid in part and cancelled asks for nothing more: its budget is voided, the deposit refundable', async () => {
    const deposit = await bookConsult(14);
    const paid = await (await pay(deposit.budgetId, { amount: 351, method: 'cash' })).json<BudgetDetails>();
    const cancel = await call(`/api/turns/delete/${deposit.turnId}`, { method: 'DELETE', token: medic });
    expect(cancel.status).toBe(200);
    const after = await read(deposit.budgetId);
    expect(after).toMatchObject({
      status: 'Voided',
      balance: 0,
      paidAmount: 351,
      voidReason: MSG.consultationCancelled,
    });
    const res = await refund(deposit.budgetId, {
      paymentId: paid.payments[0]?.ID,
      reason: 'The clinic cancelled the turn',
      to: 'credit',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'Voided', balance: 0 });
  });
});
