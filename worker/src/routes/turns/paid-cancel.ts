import type { Context } from 'hono';
import type { Env } from '../../env';
import { addRefund } from '../budgets/budget-money.repo';
import { getBudget } from '../budgets/budgets.repo';
import { refundOnCard } from '../budgets/card-refund';

/** Where the payment of a cancelled consultation went, as the cancel answers and mails it. */
export interface CancelRefund {
  to: 'card' | 'credit';
  amount: number;
}

/**
 * The clinic cancels a paid consultation and chooses where its payment goes: every payment left on
 * the budget is refunded, to the card or as a credit for the patient's next budget. A payment that
 * was itself made with credit goes back as credit whatever the choice (no card ever paid it). Each
 * refund is one conditional statement (never more than what is left of its payment, whoever
 * refunds at the same time); a card refund Stripe refuses is taken back out and answers 503.
 */
export async function refundCancelledConsultation(
  c: Context<Env>,
  budgetId: number,
  turnId: number,
  to: 'card' | 'credit',
): Promise<CancelRefund | null> {
  const db = c.get('db');
  const budget = await getBudget(db, budgetId, null);
  let cents = 0;
  for (const payment of budget.payments) {
    if (payment.kind !== 'payment' || payment.refundable <= 0) continue;
    const where = payment.method === 'credit' ? 'credit' : to;
    const refundId = await addRefund(db, budgetId, {
      paymentId: payment.ID,
      amountCents: null,
      reason: `The clinic cancelled the consultation turn ${turnId}`,
      to: where,
      byUserId: c.get('user')?.id ?? 0,
    });
    if (where === 'card') await refundOnCard(c, budgetId, refundId);
    cents += Math.round(payment.refundable * 100);
  }
  return cents > 0 ? { to, amount: cents / 100 } : null;
}
