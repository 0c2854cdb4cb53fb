import { Hono } from 'hono';
import { assertPatientAccess } from '../../auth/access';
import { ownPatientId } from '../../auth/caller';
import { PreferenceSchema } from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { IdParamSchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { appOrigin } from '../../lib/http';
import { jsonBody, paramsOf } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { isDemoCheckout, signLikeStripe } from '../../services/stripe';
import { setPaymentLink } from '../budgets/budget-payment.repo';
import { getBudget } from '../budgets/budgets.repo';
import { checkoutFor } from '../budgets/payment-link';
import { clinicCurrency } from '../clinics/clinics.repo';
import { paidConsultationNotice } from '../turns/turns.repo';
import { demoCheckoutEvent, demoCheckoutPage } from './demo-checkout';
import { applyWebhook } from './webhook';

/** /payments: a payment link per budget, the signed webhook, and the local demo checkout. */
export const paymentsRoutes = new Hono<Env>()
  .post('/create_preference', jsonBody(PreferenceSchema), async (c) => {
    const db = c.get('db');
    const budget = await getBudget(db, c.req.valid('json').ID, ownPatientId(c.get('user')));
    assertPatientAccess(c, budget.PatientID);
    if (budget.paid) throw new AppError('conflict', MSG.budgetAlreadyPaid);
    const preference = await checkoutFor(c.env, budget, await clinicCurrency(db), appOrigin(c));
    // Stored here as well, so a patient can pay a budget the medic never linked (the product's PUT still works).
    await setPaymentLink(db, budget.ID, preference.linkPayment, preference.id);
    return c.json(preference, 200);
  })
  // Stripe calls this from its servers: no session, no Origin; the signature is the authentication.
  .post('/webhook', async (c) => {
    const db = c.get('db');
    const { received, applied, budgetId } = await applyWebhook(
      db,
      c.env,
      await c.req.text(),
      c.req.header('stripe-signature'),
    );
    if (applied && budgetId !== null) await announceTurns(c, () => paidConsultationNotice(db, budgetId));
    return c.json({ received, applied }, 200);
  })
  .get('/demo-checkout/:id', paramsOf(IdParamSchema), async (c) => {
    if (!isDemoCheckout(c.env)) throw new AppError('not_found', MSG.notFound);
    const budget = await getBudget(c.get('db'), c.req.valid('param').id, ownPatientId(c.get('user')));
    assertPatientAccess(c, budget.PatientID);
    return c.html(demoCheckoutPage(budget, await clinicCurrency(c.get('db'))), 200);
  })
  .post('/demo-checkout/:id', paramsOf(IdParamSchema), async (c) => {
    if (!isDemoCheckout(c.env)) throw new AppError('not_found', MSG.notFound);
    const db = c.get('db');
    const budget = await getBudget(db, c.req.valid('param').id, ownPatientId(c.get('user')));
    assertPatientAccess(c, budget.PatientID);
    if (!budget.paid) {
      const payload = demoCheckoutEvent(budget);
      const { applied } = await applyWebhook(db, c.env, payload, await signLikeStripe(c.env, payload));
      if (applied) await announceTurns(c, () => paidConsultationNotice(db, budget.ID));
    }
    return c.redirect('/home/payments', 303);
  });
