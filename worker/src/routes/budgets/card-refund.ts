import type { Context } from 'hono';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { refundToCard } from '../../services/stripe';
import { cardRefundTarget, dropRefund } from './budget-money.repo';

/**
 * A refund to the card of an online payment goes through Stripe's refund API; when Stripe refuses
 * or cannot be reached the refund row is taken back out and the medic reads 503, so nothing says
 * money went back that did not. A desk payment's card refund is given at the desk: only recorded.
 */
export async function refundOnCard(c: Context<Env>, budgetId: number, refundId: number): Promise<void> {
  const db = c.get('db');
  const target = await cardRefundTarget(db, refundId);
  if (!target?.sessionId || target.method !== 'online') return;
  try {
    await refundToCard(c.env, target.sessionId, target.amountCents, refundId);
  } catch (err) {
    console.error(`refund ${refundId} of budget ${budgetId}: Stripe did not refund the card`, err);
    await dropRefund(db, budgetId, refundId);
    throw new AppError('unavailable', MSG.paymentUnavailable);
  }
}
