import { Hono } from 'hono';
import { PaymentPreferenceSchema, WebhookAnswerSchema } from '../../contract/answers';
import { PreferenceSchema } from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { toCents } from '../../contract/money';
import { IdParamSchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError, invalid } from '../../lib/errors';
import { appOrigin } from '../../lib/http';
import { html, json, route } from '../../lib/route';
import { dryRun, dryRunPassed, jsonBody, paramsOf } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { isDemoCheckout, signLikeStripe } from '../../services/stripe';
import { budgetForCaller } from '../budgets/budget-access';
import { checkoutOf, setPaymentLink } from '../budgets/budget-payment.repo';
import { assertQuoteHolds, checkoutFor } from '../budgets/payment-link';
import { paidConsultationNotice } from '../turns/turns.repo';
import { demoCheckoutEvent, demoCheckoutPage } from './demo-checkout';
import { applyWebhook } from './webhook';

/** /payments: a payment link per budget, the signed webhook, and the local demo checkout. */
export const paymentsRoutes = new Hono<Env>()
  .post(
    '/create_preference',
    route({
      who: 'owner',
      audit: 'create payment link',
      summary: 'A payment link for a budget',
      description: "With `amount`, a deposit: at least the clinic's minimum share, at most the balance.",
      success: [json(200, PaymentPreferenceSchema, 'Where the patient pays.')],
      errors: {
        409: "The budget is already paid, or voided, or its quote expired (its validUntil is before the clinic's today).",
        503: 'The payment service is not available.',
      },
    }),
    jsonBody(PreferenceSchema, { handlerChecks: true }),
    async (c) => {
      const db = c.get('db');
      const { ID, amount } = c.req.valid('json');
      const budget = await budgetForCaller(c, ID);
      if (budget.status === 'Voided') throw new AppError('conflict', MSG.budgetVoided);
      if (budget.paid) throw new AppError('conflict', MSG.budgetAlreadyPaid);
      await assertQuoteHolds(db, budget.validUntil);
      // A deposit: at least the clinic's share (or the whole balance when less is left), at most the balance.
      const cents = amount === undefined ? Math.round(budget.balance * 100) : toCents(amount);
      if (cents > Math.round(budget.balance * 100))
        throw invalid({ amount: { msg: MSG.amountAboveBalance } });
      if (cents < Math.round(budget.minPayment * 100))
        throw invalid({ amount: { msg: MSG.depositTooSmall } });
      if (dryRun(c)) throw dryRunPassed();
      const preference = await checkoutFor(c.env, budget, appOrigin(c), cents / 100);
      // Stored here as well, so a patient can pay a budget the medic never linked (the product's PUT still works).
      await setPaymentLink(db, budget.ID, preference.linkPayment, preference.id, cents / 100);
      return c.json(preference, 200);
    },
  )
  // Stripe calls this from its servers: no session, no Origin; the signature is the authentication.
  .post(
    '/webhook',
    route({
      // Stripe's servers call it; the signature on the raw body is its authentication.
      who: 'public',
      audit: 'payment webhook',
      summary: "Stripe's payment webhook",
      description:
        "Stripe's servers call it; the signature on the raw body is its authentication. Each event takes effect once.",
      success: [json(200, WebhookAnswerSchema, 'Received.')],
      errors: {
        400: 'A bad signature or a malformed event.',
        409: 'Refused and recorded: no such budget, or the session, currency or amount does not match the budget.',
      },
    }),
    async (c) => {
      const db = c.get('db');
      const { received, applied, budgetId } = await applyWebhook(
        db,
        c.env,
        await c.req.text(),
        c.req.header('stripe-signature'),
        // the access-log entry of the event, applied or refused, names the budget's patient
        (patientId) => c.set('auditPatientId', patientId),
      );
      if (applied && budgetId !== null) await announceTurns(c, () => paidConsultationNotice(db, budgetId));
      return c.json({ received, applied }, 200);
    },
  )
  .get(
    '/demo-checkout/:id',
    route({
      who: 'owner',
      audit: 'read demo checkout',
      summary: 'Demo checkout page',
      description: 'Local runs only (the stand-in for Stripe Checkout).',
      success: [html('The checkout page.')],
      outside: 'The local stand-in for Stripe Checkout: a deployment answers 404.',
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      if (!isDemoCheckout(c.env)) throw new AppError('not_found', MSG.notFound);
      const budget = await budgetForCaller(c, c.req.valid('param').id);
      const checkout = await checkoutOf(c.get('db'), budget.ID);
      return c.html(demoCheckoutPage(budget, budget.currency, checkout?.cents ?? null), 200);
    },
  )
  .post(
    '/demo-checkout/:id',
    route({
      who: 'owner',
      audit: 'pay on demo checkout',
      summary: 'Pay on the demo checkout',
      description: 'Local runs only: signs and posts the same webhook event Stripe would.',
      success: [{ status: 303, description: "Back to the patient's payments." }],
      outside: 'The local stand-in for Stripe Checkout: a deployment answers 404.',
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      if (!isDemoCheckout(c.env)) throw new AppError('not_found', MSG.notFound);
      const db = c.get('db');
      const budget = await budgetForCaller(c, c.req.valid('param').id);
      const checkout = await checkoutOf(db, budget.ID);
      if (!budget.paid && checkout?.sessionId && checkout.cents !== null) {
        const payload = demoCheckoutEvent(budget, checkout.sessionId, checkout.cents, budget.currency);
        const { applied } = await applyWebhook(db, c.env, payload, await signLikeStripe(c.env, payload));
        if (applied) await announceTurns(c, () => paidConsultationNotice(db, budget.ID));
      }
      return c.redirect('/home/payments', 303);
    },
  );
