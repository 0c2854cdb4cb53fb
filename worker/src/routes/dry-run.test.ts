import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, type ErrorBody, seed, signInMedic, workdays } from '../../test/helpers';
import type { BudgetDetails, Turn } from '../contract/answers';
import { MSG } from '../contract/messages';
import { devApp } from '../index.dev';
import { takesDryRun } from '../lib/validate';

/**
 * `?validate=true` runs every check the write would and writes nothing: the checks that need the
 * database too (a patient that exists, a free slot, a started turn, a budget's balance), answered as
 * the write answers them (a field's 422 as the dry run's `{ errors }`, a 404 or a 409 as it is).
 */

let medic: string;
const DEMO_PATIENT_ID = 1;
const workday = workdays();

const count = async (table: string): Promise<number> =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;

const turnBody = (date: string, time: number) => ({
  date,
  time,
  duration: 0.5,
  description: 'Cleaning',
  PatientID: DEMO_PATIENT_ID,
});

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
});

describe('?validate=true: every check the write would, nothing written', () => {
  test('the waitlist: an unknown patient is named under PatientID; leaving keeps the entry', async () => {
    const date = workday();
    const before = await count('waitlist');
    const unknown = await call('/api/waitlist?validate=true', {
      token: medic,
      body: { PatientID: 999999, from: date, to: date },
    });
    expect(unknown.status).toBe(200);
    expect((await unknown.json<ErrorBody>()).errors).toEqual({ PatientID: { msg: MSG.selectPatient } });
    const valid = await call('/api/waitlist?validate=true', {
      token: medic,
      body: { PatientID: DEMO_PATIENT_ID, from: date, to: date },
    });
    expect(await valid.json()).toEqual({ errors: {} });
    expect(await count('waitlist')).toBe(before);

    const joined = await call('/api/waitlist', {
      token: medic,
      body: { PatientID: DEMO_PATIENT_ID, from: date, to: date },
    });
    const { ID } = await joined.json<{ ID: number }>();
    const leave = await call(`/api/waitlist/${ID}?validate=true`, { token: medic, method: 'DELETE' });
    expect(leave.status).toBe(200);
    expect(await leave.json()).toEqual({ errors: {} });
    expect(await count('waitlist')).toBe(before + 1);
    expect(
      (await call('/api/waitlist/999999?validate=true', { token: medic, method: 'DELETE' })).status,
    ).toBe(404);
  });

  test('a turn: a taken slot is 409 as the booking would be; a free one books nothing', async () => {
    const date = workday();
    expect((await call('/api/turns', { token: medic, body: turnBody(date, 9) })).status).toBe(201);
    const before = await count('turns');
    const taken = await call('/api/turns?validate=true', { token: medic, body: turnBody(date, 9) });
    expect(taken.status).toBe(409);
    expect((await taken.json<ErrorBody>()).msg).toBe(MSG.outOfOfficeHoursOrTaken);
    const free = await call('/api/turns?validate=true', { token: medic, body: turnBody(date, 10) });
    expect(free.status).toBe(200);
    expect(await free.json()).toEqual({ errors: {} });
    expect(await count('turns')).toBe(before);
  });

  test('a move onto a taken slot is 409; a free one, or along its own hour, moves nothing', async () => {
    const date = workday();
    const booked = await call('/api/turns', { token: medic, body: { ...turnBody(date, 14), duration: 1 } });
    const turn = await booked.json<Turn>();
    expect((await call('/api/turns', { token: medic, body: turnBody(date, 16) })).status).toBe(201);
    const move = (time: number) =>
      call(`/api/turns/move/${turn.ID}?validate=true`, { token: medic, method: 'PUT', body: { date, time } });
    const taken = await move(15.5);
    expect(taken.status).toBe(409);
    expect((await taken.json<ErrorBody>()).msg).toBe(MSG.outOfOfficeHoursOrTaken);
    // half an hour later overlaps only the turn itself, which never stands in its own way
    expect(await (await move(14.5)).json()).toEqual({ errors: {} });
    expect(await (await move(10)).json()).toEqual({ errors: {} });
    const where = await env.DB.prepare('select date, time from turns where id = ?')
      .bind(turn.ID)
      .first<{ date: string; time: number }>();
    expect(where).toEqual({ date, time: 14 });
  });

  test("a turn's outcome before it starts is 409; an unknown turn or recall is 404", async () => {
    const booked = await call('/api/turns', { token: medic, body: turnBody(workday(), 11) });
    const turn = await booked.json<Turn>();
    const early = await call(`/api/turns/${turn.ID}/outcome?validate=true`, {
      token: medic,
      method: 'PUT',
      body: { outcome: 'attended' },
    });
    expect(early.status).toBe(409);
    expect((await early.json<ErrorBody>()).msg).toBe(MSG.outcomeBeforeStart);
    const accept = (id: number) =>
      call(`/api/turns/update/${id}?validate=true`, {
        token: medic,
        method: 'PUT',
        body: { medicAccepts: true },
      });
    expect((await accept(999999)).status).toBe(404);
    expect((await accept(turn.ID)).status).toBe(200);
    const recall = await call('/api/recalls/999999?validate=true', {
      token: medic,
      method: 'PUT',
      body: { status: 'contacted' },
    });
    expect(recall.status).toBe(404);
  });

  test('a budget: a payment above the balance and a void after a payment are 409; nothing is written', async () => {
    const created = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] },
    });
    const budget = await created.json<BudgetDetails>();
    const pay = (amount: number) =>
      call(`/api/Budgets/${budget.ID}/payments?validate=true`, {
        token: medic,
        body: { amount, method: 'cash' },
      });
    const above = await pay(budget.balance + 1);
    expect(above.status).toBe(409);
    expect((await above.json<ErrorBody>()).msg).toBe(MSG.amountAboveBalance);
    expect(await (await pay(1)).json()).toEqual({ errors: {} });
    expect(await count(`budget_payments where budget_id = ${budget.ID}`)).toBe(0);

    expect(
      (
        await call(`/api/Budgets/${budget.ID}/payments`, {
          token: medic,
          body: { amount: 1, method: 'cash' },
        })
      ).status,
    ).toBe(201);
    const voidAfterPayment = await call(`/api/Budgets/${budget.ID}/void?validate=true`, {
      token: medic,
      body: { reason: 'Entered twice' },
    });
    expect(voidAfterPayment.status).toBe(409);
    expect((await voidAfterPayment.json<ErrorBody>()).msg).toBe(MSG.budgetHasPayments);
    const unknownVoid = await call('/api/Budgets/999999/void?validate=true', {
      token: medic,
      body: { reason: 'Entered twice' },
    });
    expect(unknownVoid.status).toBe(404);
  });

  test('a refund above what is left of its payment is 409, of no such payment 404; nothing is written', async () => {
    const created = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] },
    });
    const { ID } = await created.json<BudgetDetails>();
    const paid = await call(`/api/Budgets/${ID}/payments`, {
      token: medic,
      body: { amount: 10, method: 'cash' },
    });
    const payment = (await paid.json<BudgetDetails>()).payments[0];
    const refund = (paymentId: number, amount: number) =>
      call(`/api/Budgets/${ID}/refunds?validate=true`, {
        token: medic,
        body: { paymentId, amount, reason: 'Charged twice', to: 'credit' },
      });
    const above = await refund(payment?.ID ?? 0, 10.01);
    expect(above.status).toBe(409);
    expect((await above.json<ErrorBody>()).msg).toBe(MSG.refundAboveBalance);
    expect((await refund(999999, 1)).status).toBe(404);
    expect(await (await refund(payment?.ID ?? 0, 10)).json()).toEqual({ errors: {} });
    expect(await count(`budget_payments where budget_id = ${ID}`)).toBe(1);
  });
});

describe('?validate=true on a budget change and a payment link: the checks the write makes', () => {
  const newBudget = async () =>
    (
      await call('/api/Budgets', {
        token: medic,
        body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] },
      })
    ).json<BudgetDetails>();
  const edit = (body: object) => call('/api/Budgets?validate=true', { token: medic, method: 'PUT', body });

  test('an edit: a paid or unknown budget, an unknown treatment, no lines; nothing is changed', async () => {
    const budget = await newBudget();
    expect(await (await edit({ ID: budget.ID, treatments: [{ ID: '0101', quantity: 2 }] })).json()).toEqual({
      errors: {},
    });
    expect((await edit({ ID: budget.ID, treatments: [] })).status).toBe(200);
    expect(
      Object.keys((await (await edit({ ID: budget.ID, treatments: [] })).json<ErrorBody>()).errors),
    ).not.toHaveLength(0);
    const unknown = await edit({ ID: budget.ID, treatments: [{ ID: '9999', quantity: 1 }] });
    expect(Object.keys((await unknown.json<ErrorBody>()).errors)).not.toHaveLength(0);
    expect((await edit({ ID: 999999, treatments: [{ ID: '0101', quantity: 1 }] })).status).toBe(404);
    expect((await edit({ ID: 999999, paid: true, method: 'cash' })).status).toBe(404);
    await call(`/api/Budgets/${budget.ID}/payments`, { token: medic, body: { amount: 1, method: 'cash' } });
    const paid = await edit({ ID: budget.ID, treatments: [{ ID: '0101', quantity: 1 }] });
    expect(paid.status).toBe(409);
    expect((await paid.json<ErrorBody>()).msg).toBe(MSG.budgetHasPayments);
    const after = await (await call(`/api/Budgets/${budget.ID}`, { token: medic })).json<BudgetDetails>();
    expect(after.treatments.map((l) => l.ID)).toEqual(['0201']);
  });

  test('a payment link: a voided budget is 409, a deposit below the minimum 422; no link is stored', async () => {
    const budget = await newBudget();
    const link = (ID: number, amount?: number) =>
      call('/api/payments/create_preference?validate=true', {
        token: medic,
        body: { ID, ...(amount ? { amount } : {}) },
      });
    expect(await (await link(budget.ID)).json()).toEqual({ errors: {} });
    expect((await link(999999)).status).toBe(404);
    await call('/api/Clinics', { token: medic, method: 'PUT', body: { minDepositPercent: 30 } });
    try {
      const small = await link(budget.ID, 1);
      expect(small.status).toBe(200);
      expect((await small.json<ErrorBody>()).errors.amount?.msg).toBe(MSG.depositTooSmall);
    } finally {
      await call('/api/Clinics', { token: medic, method: 'PUT', body: { minDepositPercent: 100 } });
    }
    await call(`/api/Budgets/${budget.ID}/void`, { token: medic, body: { reason: 'Entered twice' } });
    expect((await link(budget.ID)).status).toBe(409);
    const stored = await (await call(`/api/Budgets/${budget.ID}`, { token: medic })).json<BudgetDetails>();
    expect(stored.linkPayment).toBeNull();
  });
});

describe('a write without a dry run refuses ?validate=true instead of doing it', () => {
  test('a turn cancelled with ?validate=true stays; an unknown one is 404', async () => {
    const booked = await call('/api/turns', { token: medic, body: turnBody(workday(), 17) });
    const turn = await booked.json<Turn>();
    const cancel = await call(`/api/turns/delete/${turn.ID}?validate=true`, {
      token: medic,
      method: 'DELETE',
    });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ errors: {} });
    expect(await count(`turns where id = ${turn.ID}`)).toBe(1);
    expect(
      (await call('/api/turns/delete/999999?validate=true', { token: medic, method: 'DELETE' })).status,
    ).toBe(404);
  });

  test('signing out or ending the other sessions with ?validate=true is 400 and ends nothing', async () => {
    const own = await signInMedic();
    const out = await call('/api/logout?validate=true', { token: own, body: {} });
    expect(out.status).toBe(400);
    expect((await out.json<ErrorBody>()).msg).toBe(MSG.noDryRun);
    const others = await call('/api/sessions?validate=true', { token: own, method: 'DELETE' });
    expect(others.status).toBe(400);
    expect((await call('/api/me', { token: own })).status).toBe(200);
    expect((await call('/api/me', { token: medic })).status).toBe(200);
  });

  test('the writes with no dry run are these, each one decided', () => {
    const handlers = new Map<string, unknown[]>();
    for (const r of devApp.routes) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) || !r.path.startsWith('/api/')) continue;
      const key = `${r.method} ${r.path}`;
      handlers.set(key, [...(handlers.get(key) ?? []), r.handler]);
    }
    const without = [...handlers].filter(([, hs]) => !takesDryRun(hs)).map(([key]) => key);
    expect(without.sort()).toEqual(
      [
        // sessions: signing out, ending sessions, starting a second factor's enrolment
        'POST /api/logout',
        'DELETE /api/sessions',
        'DELETE /api/sessions/:id',
        'POST /api/second-factor/setup',
        // one-click answers to a mail's link, and the offer's claim from its mail
        'POST /api/email/confirm',
        'POST /api/reminders/off',
        'POST /api/replies/confirm',
        'POST /api/replies/cancel',
        'POST /api/waitlist/offers/:token/claim',
        // Stripe's signed webhook, and the local stand-in checkout that posts it
        'POST /api/payments/webhook',
        'POST /api/payments/demo-checkout/:id',
        // local only: the demo seed and the like
        ...[...handlers.keys()].filter((key) => key.includes('/api/dev/')),
      ].sort(),
    );
  });
});
