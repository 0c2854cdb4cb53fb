import { env } from 'cloudflare:test';
import Stripe from 'stripe';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  auditWritten,
  call,
  ORIGIN,
  row,
  seed,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import { app } from '../../app';
import type { BudgetDetails, PaymentPreference } from '../../contract/answers';
import { BudgetDetailsSchema, ClinicSchema } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { formatMoney } from '../../contract/money';
import { localDate } from '../../contract/turns';
import { PERMISSIONS_POLICY, workerPagePolicy } from '../../lib/app-page';
import { LOCAL_WEBHOOK_SECRET } from '../../services/stripe';

let medic: string;
let patient: string;
/** The demo patient (patient@clinic.test) is patient 1. */
const DEMO_PATIENT_ID = 1;
let otherPatientId: number;

async function newBudget(patientId = DEMO_PATIENT_ID, treatmentId = '0101'): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: patientId, treatments: [{ ID: treatmentId, quantity: 1 }] },
  });
  expect(res.status).toBe(201);
  return res.json<BudgetDetails>();
}

/** The worker as a deployment without a Stripe key sees it: the local demo checkout. */
const withoutStripe = { ...env, STRIPE_SECRET_KEY: undefined };

function demoCall(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  headers.set('origin', ORIGIN);
  return Promise.resolve(app.request(`${ORIGIN}${path}`, { ...init, headers }, withoutStripe));
}

/** A budget with its Checkout Session (the fake Stripe's), as the builder makes it. */
async function linkedBudget(patientId = DEMO_PATIENT_ID, treatmentId = '0101'): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: patientId, treatments: [{ ID: treatmentId, quantity: 1 }], withPaymentLink: true },
  });
  expect(res.status).toBe(201);
  return res.json<BudgetDetails>();
}

type Paid = Pick<BudgetDetails, 'ID' | 'idPayment' | 'totalPrice'>;

/** A `checkout.session.completed` event for a budget's session, as Stripe sends it (`session` overrides). */
function completedEvent(
  budget: Paid,
  eventId: string,
  type = 'checkout.session.completed',
  session: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: budget.idPayment,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: Math.round(budget.totalPrice * 100),
        currency: 'ars',
        metadata: { budgetId: String(budget.ID) },
        ...session,
      },
    },
  });
}

const signed = (payload: string, secret = LOCAL_WEBHOOK_SECRET): Promise<string> =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

/** Posts to the webhook like Stripe's servers: no session, no Origin header. */
const webhook = async (payload: string, signature?: string): Promise<Response> =>
  call('/api/payments/webhook', {
    body: payload,
    headers: { origin: '', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  otherPatientId = await addPatient(medic, {
    name: 'Milhouse',
    lastName: 'Van Houten',
    document: '44000001',
    email: 'milhouse@clinic.test',
    cellphone: '1155550707',
    telephone: '1145550707',
    birth: '2010-02-02',
  });
});

describe('POST /api/payments/create_preference (Stripe Checkout)', () => {
  test('creates a Checkout Session for the total with the budget id, and stores its link', async () => {
    const budget = await newBudget(DEMO_PATIENT_ID, '0201');
    const res = await call('/api/payments/create_preference', { token: medic, body: budget });
    expect(res.status).toBe(200);
    const preference = await res.json<PaymentPreference>();
    expect(preference.id).toMatch(/^cs_test_fake\d+$/);
    expect(preference.linkPayment).toBe(`https://checkout.stripe.test/c/pay/${preference.id}`);
    expect(await row('select link_payment, id_payment from budgets where id = ?', budget.ID)).toEqual({
      link_payment: preference.linkPayment,
      id_payment: preference.id,
    });

    // What the worker asked the fake Stripe for.
    const last = await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<{
      authorization: string;
      params: Record<string, string>;
    }>();
    expect(last.authorization).toBe(`Bearer ${env.STRIPE_SECRET_KEY}`);
    expect(last.params).toMatchObject({
      mode: 'payment',
      'metadata[budgetId]': String(budget.ID),
      client_reference_id: String(budget.ID),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'ars',
      'line_items[0][price_data][unit_amount]': '450000',
      success_url: `${ORIGIN}/home/payments`,
      cancel_url: `${ORIGIN}/home/payments`,
    });
  });

  test('the owning patient may create one; for anyone else it is a 404', async () => {
    const own = await newBudget(DEMO_PATIENT_ID);
    const res = await call('/api/payments/create_preference', { token: patient, body: { ID: own.ID } });
    expect(res.status).toBe(200);
    const other = await newBudget(otherPatientId);
    const refused = await call('/api/payments/create_preference', { token: patient, body: { ID: other.ID } });
    expect(refused.status).toBe(404);
    expect(await row('select link_payment from budgets where id = ?', other.ID)).toEqual({
      link_payment: null,
    });
  });

  test('a paid budget is 409; a missing ID is 422; an unknown one 404', async () => {
    const budget = await newBudget();
    await env.DB.prepare('update budgets set paid = 1 where id = ?').bind(budget.ID).run();
    let res = await call('/api/payments/create_preference', { token: medic, body: { ID: budget.ID } });
    expect(res.status).toBe(409);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.budgetAlreadyPaid);
    res = await call('/api/payments/create_preference', { token: medic, body: {} });
    expect(res.status).toBe(422);
    res = await call('/api/payments/create_preference', { token: medic, body: { ID: 99_999 } });
    expect(res.status).toBe(404);
  });

  test('with a key configured the demo checkout page does not exist', async () => {
    const budget = await newBudget();
    expect((await call(`/api/payments/demo-checkout/${budget.ID}`, { token: patient })).status).toBe(404);
  });
});

describe('a budget and its payment link in one call (POST /api/Budgets with withPaymentLink)', () => {
  const budgetCount = async () => Number((await row('select count(*) as n from budgets'))?.n);
  const body = {
    PatientID: DEMO_PATIENT_ID,
    treatments: [{ ID: '0201', quantity: 2 }],
    withPaymentLink: true,
  };

  test('makes the budget, its Checkout Session in the clinic currency and stores the link', async () => {
    const res = await call('/api/Budgets', { token: medic, body });
    expect(res.status).toBe(201);
    const budget = v.parse(BudgetDetailsSchema, await res.json());
    expect(budget.idPayment).toMatch(/^cs_test_fake\d+$/);
    expect(budget.linkPayment).toBe(`https://checkout.stripe.test/c/pay/${budget.idPayment}`);
    expect(await row('select link_payment, id_payment from budgets where id = ?', budget.ID)).toEqual({
      link_payment: budget.linkPayment,
      id_payment: budget.idPayment,
    });
    const last = await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<{
      params: Record<string, string>;
    }>();
    expect(last.params).toMatchObject({
      'metadata[budgetId]': String(budget.ID),
      'line_items[0][price_data][currency]': 'ars',
      // one line item per budget line: two fillings
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][unit_amount]': String((budget.totalPrice / 2) * 100),
      'line_items[0][price_data][product_data][name]': '0201 Composite filling, one surface',
    });
  });

  test('when the payment service fails, nothing is written: 503 and no budget', async () => {
    const before = await budgetCount();
    const down = { ...env, STRIPE_API_BASE: 'http://127.0.0.1:9' };
    const res = await app.request(
      `${ORIGIN}/api/Budgets`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${medic}`, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      down,
    );
    expect(res.status).toBe(503);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.paymentUnavailable);
    expect(await budgetCount()).toBe(before);
  });

  test('the clinic currency set in its settings is the Checkout currency and the demo page’s', async () => {
    const put = await call('/api/Clinics', { method: 'PUT', token: medic, body: { currency: 'usd' } });
    expect(put.status).toBe(200);
    expect(v.parse(ClinicSchema, await put.json()).currency).toBe('USD');
    try {
      const budget = await (await call('/api/Budgets', { token: medic, body })).json<BudgetDetails>();
      const last = await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<{
        params: Record<string, string>;
      }>();
      expect(last.params['line_items[0][price_data][currency]']).toBe('usd');
      const page = await demoCall(`/api/payments/demo-checkout/${budget.ID}`, patient);
      expect(await page.text()).toContain(`Pay $${budget.totalPrice.toLocaleString('en-US')}.00`);
      const bad = await call('/api/Clinics', { method: 'PUT', token: medic, body: { currency: 'PESOS' } });
      expect(bad.status).toBe(422);
      expect((await bad.json<{ errors: Record<string, { msg: string }> }>()).errors.currency?.msg).toBe(
        MSG.invalidCurrency,
      );
    } finally {
      await call('/api/Clinics', { method: 'PUT', token: medic, body: { currency: 'ARS' } });
    }
  });
});

describe('the demo checkout (local, no Stripe key)', () => {
  test('create_preference links to the demo page; paying there marks the budget paid through the webhook', async () => {
    const budget = await newBudget();
    let res = await demoCall('/api/payments/create_preference', patient, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ID: budget.ID }),
    });
    expect(res.status).toBe(200);
    const preference = await res.json<PaymentPreference>();
    expect(preference).toEqual({
      linkPayment: `${ORIGIN}/api/payments/demo-checkout/${budget.ID}`,
      id: expect.stringMatching(new RegExp(`^demo_${budget.ID}_[0-9a-f]{12}$`)),
    });

    // The page shows the amount and a Pay button posting back to the worker.
    res = await demoCall(`/api/payments/demo-checkout/${budget.ID}`, patient);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    // a page the worker writes: its own strict CSP (inline code by hash only) and the Permissions-Policy
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(await workerPagePolicy(page, ORIGIN));
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(page).toContain(`Pay ${formatMoney(1170, 'ARS')}`);
    expect(page).toContain(`<form method="post" action="/api/payments/demo-checkout/${budget.ID}">`);
    expect(page).toContain('Lisa Simpson');
    // every line the patient pays for
    expect(page).toContain('1 × 0101 consultation');

    res = await demoCall(`/api/payments/demo-checkout/${budget.ID}`, patient, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/home/payments');
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 1 });
    expect(await row('select event_id from payment_events where budget_id = ?', budget.ID)).toEqual({
      event_id: expect.stringMatching(/^evt_demo_/),
    });
  });

  test("another patient's budget is a 404 on the demo page and its Pay", async () => {
    const other = await newBudget(otherPatientId);
    expect((await demoCall(`/api/payments/demo-checkout/${other.ID}`, patient)).status).toBe(404);
    const res = await demoCall(`/api/payments/demo-checkout/${other.ID}`, patient, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await row('select paid from budgets where id = ?', other.ID)).toEqual({ paid: 0 });
  });

  test('a deployment without a key has no demo checkout: nobody pays for free', async () => {
    const budget = await newBudget();
    const deployed = { ...withoutStripe, ENVIRONMENT: undefined, APP_ORIGIN: ORIGIN };
    const headers = { authorization: `Bearer ${patient}`, origin: ORIGIN };
    const url = `${ORIGIN}/api/payments/demo-checkout/${budget.ID}`;
    expect((await app.request(url, { method: 'POST', headers }, deployed)).status).toBe(404);
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 0 });
  });
});

describe('an expired quote gets no online payment link', () => {
  const PAST = '2020-01-02';
  const expired = 'This quote expired on 01/02/2020; ask the clinic for a new one.';
  const preference = (ID: number, query = '') =>
    call(`/api/payments/create_preference${query}`, { token: patient, body: { ID } });
  const clinicToday = async () =>
    localDate(new Date(), String((await row('select time_zone as tz from clinics limit 1'))?.tz ?? 'UTC'));

  test("create_preference (the portal's PAY) and its dry run are 409 with the date; nothing is stored", async () => {
    const budget = await newBudget();
    await env.DB.prepare('update budgets set valid_until = ? where id = ?').bind(PAST, budget.ID).run();
    for (const query of ['', '?validate=true']) {
      const res = await preference(budget.ID, query);
      expect(res.status, query).toBe(409);
      expect((await res.json<{ msg: string }>()).msg, query).toBe(expired);
    }
    expect(await row('select link_payment, id_payment from budgets where id = ?', budget.ID)).toEqual({
      link_payment: null,
      id_payment: null,
    });
    // Its last day (the clinic's today) it still holds.
    await env.DB.prepare('update budgets set valid_until = ? where id = ?')
      .bind(await clinicToday(), budget.ID)
      .run();
    expect((await preference(budget.ID)).status).toBe(200);
  });

  test('the budget with its payment link in one call, and its dry run, are 409 and write nothing', async () => {
    const before = await row('select count(*) as n from budgets');
    const body = {
      PatientID: DEMO_PATIENT_ID,
      treatments: [{ ID: '0101', quantity: 1 }],
      validUntil: PAST,
      withPaymentLink: true,
    };
    for (const path of ['/api/Budgets', '/api/Budgets?validate=true']) {
      const res = await call(path, { token: medic, body });
      expect(res.status, path).toBe(409);
      expect((await res.json<{ msg: string }>()).msg, path).toBe(expired);
    }
    expect(await row('select count(*) as n from budgets')).toEqual(before);
  });

  test('a payment at the desk is still taken, and a checkout made before it expired still applies', async () => {
    const desk = await newBudget();
    await env.DB.prepare('update budgets set valid_until = ? where id = ?').bind(PAST, desk.ID).run();
    const paid = await call('/api/Budgets', {
      token: medic,
      method: 'PUT',
      body: { ID: desk.ID, paid: true, method: 'cash' },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect((await paid.json<BudgetDetails>()).paid).toBe(true);

    const online = await linkedBudget();
    await env.DB.prepare('update budgets set valid_until = ? where id = ?').bind(PAST, online.ID).run();
    const payload = completedEvent(online, 'evt_expired_quote_1');
    const res = await webhook(payload, await signed(payload));
    expect(await res.json()).toEqual({ received: true, applied: true });
    expect(await row('select paid from budgets where id = ?', online.ID)).toEqual({ paid: 1 });
  });
});

describe('POST /api/payments/webhook', () => {
  test("a good signature marks the budget paid and accepts the patient's consultation turn", async () => {
    const budget = await linkedBudget();
    const turn = await env.DB.prepare(
      `insert into turns (date, time, duration, description, medic_accepts, patient_accepts, patient_id, is_consultation)
       values ('2030-02-01', 9, 0.5, '#consult', 1, 0, ?, 1) returning id`,
    )
      .bind(DEMO_PATIENT_ID)
      .first<{ id: number }>();
    await env.DB.prepare('update budgets set turn_id = ? where id = ?').bind(turn?.id, budget.ID).run();

    const payload = completedEvent(budget, 'evt_good_1');
    const res = await webhook(payload, await signed(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: true });
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 1 });
    expect(await row('select patient_accepts from turns where id = ?', turn?.id)).toEqual({
      patient_accepts: 1,
    });
  });

  test('a bad or missing signature is 400 and changes nothing', async () => {
    const budget = await linkedBudget();
    const payload = completedEvent(budget, 'evt_bad_1');
    const tampered = completedEvent({ ...budget, ID: budget.ID + 1 }, 'evt_bad_1');
    for (const res of [
      await webhook(payload, await signed(payload, 'whsec_someone_else')),
      await webhook(payload, await signed(tampered)),
      await webhook(payload, 't=1,v1=deadbeef'),
      await webhook(payload),
      await webhook('not json', await signed('not json', 'whsec_x')),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json<{ msg: string }>()).msg).toBe(MSG.badWebhookSignature);
    }
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 0 });
    expect(await row("select count(*) as n from payment_events where event_id = 'evt_bad_1'")).toEqual({
      n: 0,
    });
  });

  test('a replayed event answers 200 and changes nothing', async () => {
    const budget = await linkedBudget();
    const payload = completedEvent(budget, 'evt_replay_1');
    expect((await webhook(payload, await signed(payload))).status).toBe(200);
    // Someone sets it back by hand; the same event arriving again must not pay it a second time.
    await env.DB.prepare('update budgets set paid = 0 where id = ?').bind(budget.ID).run();
    const replay = await webhook(payload, await signed(payload));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, applied: false });
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 0 });
    expect(await row("select count(*) as n from payment_events where event_id = 'evt_replay_1'")).toEqual({
      n: 1,
    });
  });

  test('other events, and sessions not yet paid, are acknowledged and change nothing', async () => {
    const budget = await linkedBudget();
    const other = completedEvent(budget, 'evt_other_1', 'checkout.session.expired');
    let res = await webhook(other, await signed(other));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: false });
    const unpaid = completedEvent(budget, 'evt_unpaid_1').replace('"paid"', '"unpaid"');
    res = await webhook(unpaid, await signed(unpaid));
    expect(await res.json()).toEqual({ received: true, applied: false });
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 0 });
  });

  test('it is not refused for coming from another site: the signature decides', async () => {
    const budget = await linkedBudget();
    const payload = completedEvent(budget, 'evt_cross_1');
    const res = await call('/api/payments/webhook', {
      body: payload,
      headers: {
        origin: 'https://stripe.example',
        'sec-fetch-site': 'cross-site',
        'stripe-signature': await signed(payload),
      },
    });
    expect(res.status).toBe(200);
    expect(await row('select paid from budgets where id = ?', budget.ID)).toEqual({ paid: 1 });
  });
});

describe('POST /api/payments/webhook: a payment must match its budget', () => {
  const refusal = (eventId: string) =>
    row('select budget_id, reason from payment_refusals where event_id = ?', eventId);

  test.each([
    ['an amount', 'amount', { amount_total: 100 }],
    ['a currency', 'currency', { currency: 'usd' }],
    ['a checkout session', 'session', { id: 'cs_test_someone_elses' }],
  ])('%s not matching is refused (409), recorded, and pays nothing', async (_what, reason, session) => {
    const budget = await linkedBudget(DEMO_PATIENT_ID, '0201');
    const eventId = `evt_mismatch_${reason}`;
    const payload = completedEvent(budget, eventId, 'checkout.session.completed', session);
    const res = await webhook(payload, await signed(payload));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.paymentRefused });
    expect(await refusal(eventId)).toEqual({ budget_id: budget.ID, reason });
    expect(await row('select paid, paid_cents from budgets where id = ?', budget.ID)).toEqual({
      paid: 0,
      paid_cents: 0,
    });
    expect(await row('select count(*) as n from budget_payments where budget_id = ?', budget.ID)).toEqual({
      n: 0,
    });
    // a replay of the refused event is refused again and recorded once
    expect((await webhook(payload, await signed(payload))).status).toBe(409);
    expect(await row('select count(*) as n from payment_refusals where event_id = ?', eventId)).toEqual({
      n: 1,
    });
  });

  test('a signed event for a budget that does not exist is refused and recorded', async () => {
    const payload = completedEvent({ ID: 999999, idPayment: 'cs_test_x', totalPrice: 1170 }, 'evt_no_budget');
    const res = await webhook(payload, await signed(payload));
    expect(res.status).toBe(409);
    expect(await refusal('evt_no_budget')).toEqual({ budget_id: 999999, reason: 'no budget' });
  });

  test("one budget's paid event cannot pay another, dearer budget (the session decides)", async () => {
    const cheap = await linkedBudget(DEMO_PATIENT_ID, '0101');
    const dear = await linkedBudget(DEMO_PATIENT_ID, '0201');
    // the cheap budget's session and amount, relabelled with the dear budget's id
    const payload = completedEvent({ ...cheap, ID: dear.ID }, 'evt_relabelled');
    expect((await webhook(payload, await signed(payload))).status).toBe(409);
    expect(await row('select paid from budgets where id = ?', dear.ID)).toEqual({ paid: 0 });
  });

  test('a deposit: the session made for part of the balance pays that part, and the budget is partly paid', async () => {
    await env.DB.prepare('update clinics set min_deposit_percent = 30').run();
    try {
      const budget = await newBudget(DEMO_PATIENT_ID, '0201');
      // less than the clinic's share is refused
      let res = await call('/api/payments/create_preference', {
        token: patient,
        body: { ID: budget.ID, amount: 100 },
      });
      expect(res.status).toBe(422);
      res = await call('/api/payments/create_preference', {
        token: patient,
        body: { ID: budget.ID, amount: 1350 },
      });
      expect(res.status).toBe(200);
      const preference = await res.json<PaymentPreference>();
      const payload = completedEvent(
        { ID: budget.ID, idPayment: preference.id, totalPrice: 1350 },
        'evt_deposit_1',
      );
      res = await webhook(payload, await signed(payload));
      expect(res.status).toBe(200);
      res = await call(`/api/Budgets/${budget.ID}`, { token: patient });
      expect(await res.json()).toMatchObject({
        paid: false,
        paidAmount: 1350,
        balance: 3150,
        status: 'Partly paid',
      });
    } finally {
      await env.DB.prepare('update clinics set min_deposit_percent = 100').run();
    }
  });
});

describe('POST /api/payments/webhook: malformed events', () => {
  test.each([
    ['no data', JSON.stringify({ id: 'evt_bad_1', object: 'event', type: 'checkout.session.completed' })],
    [
      'data without object',
      JSON.stringify({ id: 'evt_bad_2', type: 'checkout.session.completed', data: {} }),
    ],
    ['no type', JSON.stringify({ id: 'evt_bad_3', data: { object: {} } })],
  ])('a correctly signed event with %s answers 400, not 500', async (_what, payload) => {
    const res = await webhook(payload, await signed(payload));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request', msg: MSG.badWebhookEvent });
  });
});

describe("every access-log row about a budget names the budget's patient", () => {
  /** The latest access-log entry of `route`: its patient and status. */
  const logged = (route: string) =>
    row('select patient_id, status, user_id from audit_log where route = ? order by id desc limit 1', route);

  test("a patient's refused look at someone else's budget is in that patient's log", async () => {
    const other = await newBudget(otherPatientId);
    const refused = [
      {
        route: `GET /api/Budgets/${other.ID}`,
        res: await call(`/api/Budgets/${other.ID}`, { token: patient }),
      },
      {
        route: 'POST /api/payments/create_preference',
        res: await call('/api/payments/create_preference', { token: patient, body: { ID: other.ID } }),
      },
    ];
    for (const { route, res } of refused) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ msg: MSG.budgetNotFound });
      expect(await logged(route)).toMatchObject({ patient_id: otherPatientId, status: 404 });
    }
    // the demo checkout's page and its Pay
    const page = await demoCall(`/api/payments/demo-checkout/${other.ID}`, patient);
    expect(page.status).toBe(404);
    await auditWritten(page.headers.get('x-audit-queued') ?? '');
    expect(await logged(`GET /api/payments/demo-checkout/${other.ID}`)).toMatchObject({
      patient_id: otherPatientId,
      status: 404,
    });
    const pay = await demoCall(`/api/payments/demo-checkout/${other.ID}`, patient, { method: 'POST' });
    expect(pay.status).toBe(404);
    expect(await logged(`POST /api/payments/demo-checkout/${other.ID}`)).toMatchObject({
      patient_id: otherPatientId,
      status: 404,
    });
    // a budget that does not exist names nobody, and answers the same
    const missing = await call('/api/Budgets/999999', { token: patient });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ msg: MSG.budgetNotFound });
    expect(await logged('GET /api/Budgets/999999')).toMatchObject({ patient_id: null, status: 404 });
  });

  test("a webhook payment, applied, replayed or refused, names the budget's patient", async () => {
    const budget = await linkedBudget(otherPatientId);
    const payload = completedEvent(budget, 'evt_log_1');
    const res = await webhook(payload, await signed(payload));
    expect(await res.json()).toEqual({ received: true, applied: true });
    expect(await logged('POST /api/payments/webhook')).toMatchObject({
      patient_id: otherPatientId,
      status: 200,
    });
    await webhook(payload, await signed(payload));
    expect(await logged('POST /api/payments/webhook')).toMatchObject({
      patient_id: otherPatientId,
      status: 200,
    });

    const short = await linkedBudget(otherPatientId);
    const cheap = completedEvent(short, 'evt_log_2', undefined, { amount_total: 1 });
    expect((await webhook(cheap, await signed(cheap))).status).toBe(409);
    expect(await logged('POST /api/payments/webhook')).toMatchObject({
      patient_id: otherPatientId,
      status: 409,
    });
  });
});
