import { env } from 'cloudflare:test';
import Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { call, row, seed, signInMedic, signInPatient, workdays } from '../../../test/helpers';
import type { Budget, BudgetDetails } from '../../contract/answers';
import type { Report } from '../../contract/reports';
import { LOCAL_WEBHOOK_SECRET } from '../../services/stripe';

// A budget keeps the currency it was made in: changing the clinic's currency later relabels no
// budget already made (lists, summaries, receipts, the payment and its webhook, the report).

let medic: string;
let patient: string;
const DEMO_PATIENT_ID = 1;
const workday = workdays();

const setCurrency = async (currency: string): Promise<void> => {
  const res = await call('/api/Clinics', { method: 'PUT', token: medic, body: { currency } });
  expect(res.status).toBe(200);
};

async function newBudget(extra: object = {}): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }], ...extra },
  });
  expect(res.status).toBe(201);
  return res.json<BudgetDetails>();
}

const read = async (id: number) => (await call(`/api/Budgets/${id}`, { token: medic })).json<BudgetDetails>();

const lastCheckout = async () =>
  (await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<{ params: Record<string, string> }>()).params;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

afterEach(async () => {
  await setCurrency('ARS');
});

describe("a budget keeps the currency it was made in when the clinic's changes", () => {
  test('the old budget still answers ARS, in its summary and the list; a new one answers USD', async () => {
    const old = await newBudget();
    expect(old.currency).toBe('ARS');
    await setCurrency('USD');
    expect((await read(old.ID)).currency).toBe('ARS');
    const list = await call('/api/Budgets', { token: medic });
    expect(list.status).toBe(200);
    const listed = (await list.json<Budget[]>()).find((b) => b.ID === old.ID);
    expect(listed?.currency).toBe('ARS');
    const made = await newBudget();
    expect(made.currency).toBe('USD');
    expect(await row('select currency from budgets where id = ?', made.ID)).toEqual({ currency: 'USD' });
    // The patient reads their old budget in ARS too.
    const mine = await call(`/api/Budgets/${old.ID}`, { token: patient });
    expect((await mine.json<BudgetDetails>()).currency).toBe('ARS');
  });

  test("an old budget edited after the change is priced again from the price list, in the clinic's currency now", async () => {
    const old = await newBudget();
    await setCurrency('USD');
    const edited = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: old.ID, treatments: [{ ID: '0201', quantity: 2 }] },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json<BudgetDetails>()).currency).toBe('USD');
  });

  test('the consultation budget a booking makes and the budget-and-link call store the clinic currency then', async () => {
    await setCurrency('USD');
    const booked = await call('/api/turns', {
      token: medic,
      body: {
        date: workday(),
        time: 9,
        duration: 0.5,
        description: 'First visit #consult',
        medicAccepts: true,
        patientAccepts: false,
        MedicID: 1,
        PatientID: DEMO_PATIENT_ID,
        email: 'ignored@clinic.test',
      },
    });
    expect(booked.status).toBe(201);
    const { budgetID } = await booked.json<{ budgetID: number }>();
    expect((await read(budgetID)).currency).toBe('USD');
    const linked = await newBudget({ withPaymentLink: true });
    expect(linked.currency).toBe('USD');
    expect((await lastCheckout())['line_items[0][price_data][currency]']).toBe('usd');
  });

  test("the Checkout of an old budget and its webhook go by the budget's currency, not the clinic's new one", async () => {
    const old = await newBudget({ withPaymentLink: true });
    expect((await lastCheckout())['line_items[0][price_data][currency]']).toBe('ars');
    await setCurrency('USD');
    // The patient's Pay makes a new Checkout Session for the old budget: still in pesos.
    const pay = await call('/api/payments/create_preference', { token: patient, body: { ID: old.ID } });
    expect(pay.status).toBe(200);
    expect((await lastCheckout())['line_items[0][price_data][currency]']).toBe('ars');
    const idPayment = (await read(old.ID)).idPayment;
    // Stripe's event for it, in ARS, is the budget's own currency: applied.
    const payload = JSON.stringify({
      id: 'evt_currency_kept',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: idPayment,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: Math.round(old.totalPrice * 100),
          currency: 'ars',
          metadata: { budgetId: String(old.ID) },
        },
      },
    });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: LOCAL_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const res = await call('/api/payments/webhook', {
      body: payload,
      headers: { origin: '', 'stripe-signature': signature },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: true });
    expect((await read(old.ID)).paid).toBe(true);
  });
});

describe('the report adds up money of one currency only: the clinic’s', () => {
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const billedIn = async (currency: string) =>
    Number(
      (
        await row(
          'select coalesce(sum(total_cents), 0) as c from budgets where currency = ? and voided_at is null and substr(created_at, 1, 7) = ?',
          currency,
          month,
        )
      )?.c,
    ) / 100;
  const reported = async () => {
    const res = await call(`/api/reports?from=${today}&to=${today}`, { token: medic });
    expect(res.status).toBe(200);
    const report = await res.json<Report>();
    return { currency: report.currency, month: report.months.find((m) => m.month === month) };
  };

  test("a month with ARS and USD budgets reports the clinic's currency's, the other left out", async () => {
    const ars = await newBudget();
    const paid = await call(`/api/Budgets/${ars.ID}/payments`, {
      token: medic,
      body: { amount: 1000, method: 'cash' },
    });
    expect(paid.status).toBe(201);
    await setCurrency('USD');
    const usd = await newBudget();
    const inUsd = await reported();
    expect(inUsd.currency).toBe('USD');
    expect(inUsd.month?.billed).toBe(await billedIn('USD'));
    expect(inUsd.month?.billed).toBeGreaterThanOrEqual(usd.totalPrice);
    expect(await billedIn('ARS')).toBeGreaterThanOrEqual(ars.totalPrice);
    // The ARS payment is not USD collected.
    expect(inUsd.month?.collected).toBe(0);
    await setCurrency('ARS');
    const inArs = await reported();
    expect(inArs.currency).toBe('ARS');
    expect(inArs.month?.billed).toBe(await billedIn('ARS'));
    expect(inArs.month?.collected).toBeGreaterThanOrEqual(1000);
  });
});

describe('migration 0043', () => {
  const migration = () => env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0043_'));
  const statements = (start: string) =>
    (migration()?.queries ?? [])
      .map((q) => q.replace(/^\s*--.*$/gm, '').trim())
      .filter((q) => q.startsWith(start));

  test("its back-fill gives every budget the clinic's currency as it is now", async () => {
    const [update] = statements('UPDATE');
    expect(update).toBeDefined();
    const budget = await newBudget();
    await env.DB.prepare("UPDATE clinics SET currency = 'EUR'").run();
    try {
      await env.DB.prepare(update as string).run();
      expect(await row('select currency from budgets where id = ?', budget.ID)).toEqual({ currency: 'EUR' });
      expect(await row("select count(*) as n from budgets where currency <> 'EUR'")).toEqual({ n: 0 });
    } finally {
      await env.DB.prepare("UPDATE clinics SET currency = 'ARS'").run();
      await env.DB.prepare(update as string).run();
    }
  });

  test("the report money's back-fill gives the figures the triggers kept", async () => {
    const backFill = statements('INSERT');
    expect(backFill).toHaveLength(2);
    const all = () =>
      env.DB.prepare(
        'SELECT * FROM report_money WHERE billed_cents <> 0 OR collected_cents <> 0 ORDER BY month, currency',
      ).all();
    const kept = (await all()).results;
    expect(kept.length).toBeGreaterThan(0);
    await env.DB.prepare('DELETE FROM report_money').run();
    for (const statement of backFill) await env.DB.prepare(statement).run();
    expect((await all()).results).toEqual(kept);
  });
});
