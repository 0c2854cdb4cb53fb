import { env } from 'cloudflare:test';
import Stripe from 'stripe';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, workdays } from '../../../test/helpers';
import type { BudgetDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { LOCAL_WEBHOOK_SECRET } from '../../services/stripe';

// A refund "to the card" of an online payment goes through Stripe's refund API (the fake Stripe of
// test/fake-stripe.ts here); when Stripe refuses, nothing is recorded.

let medic: string;
const DEMO_PATIENT_ID = 1;

/** A budget paid online: its Checkout Session (the fake's) and the signed webhook Stripe would send. */
async function paidOnline(): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }], withPaymentLink: true },
  });
  expect(res.status).toBe(201);
  const budget = await res.json<BudgetDetails>();
  const payload = JSON.stringify({
    id: `evt_card_refund_${budget.ID}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: budget.idPayment,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: Math.round(budget.totalPrice * 100),
        currency: 'ars',
        metadata: { budgetId: String(budget.ID) },
      },
    },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: LOCAL_WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const hook = await call('/api/payments/webhook', {
    body: payload,
    headers: { origin: '', 'stripe-signature': signature },
  });
  expect(hook.status).toBe(200);
  const paid = await (await call(`/api/Budgets/${budget.ID}`, { token: medic })).json<BudgetDetails>();
  expect(paid.paid).toBe(true);
  return paid;
}

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
});

describe('refund to the card', () => {
  test("an online payment's refund asks Stripe to refund its payment intent, by the amount, once", async () => {
    const budget = await paidOnline();
    const payment = budget.payments.find((p) => p.kind === 'payment');
    const res = await call(`/api/Budgets/${budget.ID}/refunds`, {
      token: medic,
      body: { paymentId: payment?.ID, amount: 1000, reason: 'One surface less', to: 'card' },
    });
    expect(res.status).toBe(201);
    const after = await res.json<BudgetDetails>();
    const refund = after.payments.find((p) => p.kind === 'refund');
    expect(refund).toMatchObject({ method: 'card', amount: 1000 });
    // the money goes back; the bill does not come back
    expect(after.balance).toBe(0);
    const last = await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<{
      path: string;
      authorization: string;
      params: Record<string, string>;
    }>();
    expect(last.path).toBe('/v1/refunds');
    expect(last.authorization).toBe(`Bearer ${env.STRIPE_SECRET_KEY}`);
    expect(last.params).toMatchObject({
      payment_intent: `pi_for_${budget.idPayment}`,
      amount: '100000',
      'metadata[refundId]': String(refund?.ID),
      idempotencyKey: `clinic-refund-${refund?.ID}`,
    });
  });

  test('when Stripe refuses, the refund is not recorded and the medic reads 503', async () => {
    const budget = await paidOnline();
    const payment = budget.payments.find((p) => p.kind === 'payment');
    await env.DB.prepare("update budget_payments set session_id = 'cs_refuse_card' where id = ?")
      .bind(payment?.ID)
      .run();
    const res = await call(`/api/Budgets/${budget.ID}/refunds`, {
      token: medic,
      body: { paymentId: payment?.ID, reason: 'Cancelled', to: 'card' },
    });
    expect(res.status).toBe(503);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.paymentUnavailable);
    const after = await (await call(`/api/Budgets/${budget.ID}`, { token: medic })).json<BudgetDetails>();
    expect(after.payments.filter((p) => p.kind === 'refund')).toEqual([]);
    expect(after.paid).toBe(true);
    expect(after.balance).toBe(0);
  });

  test('a desk payment refunded to the card is only recorded (given back at the desk)', async () => {
    const res = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] },
    });
    const budget = await res.json<BudgetDetails>();
    const paid = await (
      await call(`/api/Budgets/${budget.ID}/payments`, { token: medic, body: { method: 'card' } })
    ).json<BudgetDetails>();
    const before = await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<unknown>();
    const refund = await call(`/api/Budgets/${budget.ID}/refunds`, {
      token: medic,
      body: { paymentId: paid.payments[0]?.ID, reason: 'Wrong card', to: 'card' },
    });
    expect(refund.status).toBe(201);
    expect(await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<unknown>()).toEqual(before);
  });
});

describe('a paid consultation the clinic cancels with its payment refunded to the card', () => {
  /** A consultation turn whose budget was paid online through the Checkout Session `session`. */
  async function paidConsultation(time: number, session: string) {
    const booked = await call('/api/turns', {
      token: medic,
      body: {
        date: workdays()(),
        time,
        duration: 0.5,
        description: 'Card check-up #consult',
        medicAccepts: true,
        patientAccepts: false,
        MedicID: 1,
        PatientID: DEMO_PATIENT_ID,
      },
    });
    expect(booked.status).toBe(201);
    const turn = await booked.json<{ ID: number; budgetID: number }>();
    const paid = await call(`/api/Budgets/${turn.budgetID}/payments`, {
      token: medic,
      body: { method: 'card' },
    });
    expect(paid.status).toBe(201);
    // as the webhook records an online payment: its method and Checkout Session
    await env.DB.prepare("update budget_payments set method = 'online', session_id = ? where budget_id = ?")
      .bind(session, turn.budgetID)
      .run();
    return turn;
  }

  test('the card is refunded through Stripe before the turn goes; when Stripe refuses, the turn stays and nothing is refunded', async () => {
    const refused = await paidConsultation(9.5, 'cs_refuse_cancel');
    const no = await call(`/api/turns/delete/${refused.ID}?refund=card`, { method: 'DELETE', token: medic });
    expect(no.status).toBe(503);
    expect(await env.DB.prepare('select id from turns where id = ?').bind(refused.ID).first()).not.toBeNull();
    const kept = await (
      await call(`/api/Budgets/${refused.budgetID}`, { token: medic })
    ).json<BudgetDetails>();
    expect(kept).toMatchObject({ paid: true, paidAmount: 1170 });
    expect(kept.payments.filter((p) => p.kind === 'refund')).toEqual([]);

    const turn = await paidConsultation(12.5, 'cs_cancel_card');
    const res = await call(`/api/turns/delete/${turn.ID}?refund=card`, { method: 'DELETE', token: medic });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refunded: { to: 'card', amount: 1170 } });
    const last = await (await fetch(`${env.STRIPE_API_BASE}/__last`)).json<{
      path: string;
      params: Record<string, string>;
    }>();
    expect(last.path).toBe('/v1/refunds');
    expect(last.params).toMatchObject({ payment_intent: 'pi_for_cs_cancel_card', amount: '117000' });
  });
});
