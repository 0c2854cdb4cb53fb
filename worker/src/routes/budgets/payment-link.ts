import type { BudgetCreate, BudgetDetails, PaymentPreference } from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import type { Bindings } from '../../env';
import { AppError } from '../../lib/errors';
import { createCheckout } from '../../services/stripe';
import { clinicCurrency } from '../clinics/clinics.repo';
import { createBudget } from './budget-lines.repo';
import { deleteUnpaidBudget, setPaymentLink } from './budget-payment.repo';

/** A payment link for a budget in the clinic's currency; a failure of the payment service is a 503. */
export async function checkoutFor(
  env: Bindings,
  budget: Pick<BudgetDetails, 'ID' | 'totalPrice'>,
  currency: string,
  origin: string,
): Promise<PaymentPreference> {
  try {
    return await createCheckout(env, { ...budget, currency }, origin);
  } catch (err) {
    console.error('creating a checkout session failed', err);
    throw new AppError('unavailable', MSG.paymentUnavailable);
  }
}

/**
 * A budget with its payment link, all or nothing: the budget is written, its Checkout Session
 * created and the link stored; when the session or the link cannot be made the budget is taken
 * back out, so the medic never reads 'Budget created successfully' for a budget nobody can pay.
 */
export async function createBudgetWithLink(
  db: Db,
  env: Bindings,
  input: Omit<BudgetCreate, 'withPaymentLink'>,
  origin: string,
): Promise<BudgetDetails> {
  const budget = await createBudget(db, input);
  try {
    const preference = await checkoutFor(env, budget, await clinicCurrency(db), origin);
    await setPaymentLink(db, budget.ID, preference.linkPayment, preference.id);
    return { ...budget, linkPayment: preference.linkPayment, idPayment: preference.id };
  } catch (err) {
    await deleteUnpaidBudget(db, budget.ID);
    throw err;
  }
}
