import type { BudgetDetails, PaymentPreference } from '../../contract/answers';
import { formatDay } from '../../contract/dates';
import { MSG } from '../../contract/messages';
import { localDate } from '../../contract/turns';
import type { Db } from '../../db/client';
import { findClinic } from '../../db/clinics.repo';
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
 * An online payment link is refused (409) for a quote whose validity date is before the clinic's
 * today: the patient asks for a new one. A payment at the desk is still taken (the clinic may honour
 * it), and a checkout made before the quote expired still applies when its webhook comes.
 */
export async function assertQuoteHolds(db: Db, validUntil: string | null, now = new Date()): Promise<void> {
  if (!validUntil) return;
  const clinic = await findClinic(db);
  if (validUntil >= localDate(now, clinic?.timeZone ?? 'UTC')) return;
  throw new AppError(
    'conflict',
    MSG.quoteExpired.replace('{date}', formatDay(validUntil, clinic?.dateOrder)),
  );
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
