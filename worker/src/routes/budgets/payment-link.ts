import type { BudgetDetails, PaymentPreference } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import type { Bindings } from '../../env';
import { AppError } from '../../lib/errors';
import { createCheckout } from '../../services/stripe';
import { deleteUnpaidBudget, setPaymentLink } from './budget-payment.repo';
import { getBudget } from './budgets.repo';

/** A payment link for a budget in the budget's own currency; a failure of the payment service is a 503. */
export async function checkoutFor(
  env: Bindings,
  budget: Pick<BudgetDetails, 'ID' | 'totalPrice' | 'balance' | 'treatments' | 'currency'>,
  origin: string,
  amount: number = budget.balance,
): Promise<PaymentPreference> {
  try {
    return await createCheckout(
      env,
      {
        ID: budget.ID,
        totalPrice: budget.totalPrice,
        currency: budget.currency,
        amount,
        lines: budget.treatments,
      },
      origin,
    );
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
  budget: BudgetDetails,
  origin: string,
): Promise<BudgetDetails> {
  if (budget.paid) return budget;
  try {
    const preference = await checkoutFor(env, budget, origin);
    await setPaymentLink(db, budget.ID, preference.linkPayment, preference.id, budget.balance);
    return getBudget(db, budget.ID, null);
  } catch (err) {
    await deleteUnpaidBudget(db, budget.ID);
    throw err;
  }
}
