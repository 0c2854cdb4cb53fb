import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import type { Bindings } from '../../env';
import { AppError } from '../../lib/errors';
import { verifiedEvent } from '../../services/stripe';
import { recordPayment } from '../budgets/budget-payment.repo';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * POST /api/payments/webhook, and the demo checkout's Pay through the same code:
 * the signature is checked on the raw body, then a paid Checkout Session marks its budget paid
 * once. Events of other kinds, and replays, are acknowledged and change nothing. `budgetId` names
 * the budget a payment applied to, for the caller's live notice; it is not part of the answer.
 */
export async function applyWebhook(
  db: Db,
  env: Bindings,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; applied: boolean; budgetId: number | null }> {
  const event = await verifiedEvent(env, rawBody, signature);
  if (!event) throw new AppError('bad_request', MSG.badWebhookSignature);
  // Correctly signed but malformed (no type, id or data.object): a 400 in the log, not a 500.
  const shape = event as { id?: unknown; type?: unknown; data?: { object?: unknown } | null };
  if (
    typeof shape.id !== 'string' ||
    typeof shape.type !== 'string' ||
    typeof shape.data?.object !== 'object' ||
    shape.data.object === null
  ) {
    console.warn('webhook: malformed event', JSON.stringify(event).slice(0, 500));
    throw new AppError('bad_request', MSG.badWebhookEvent);
  }
  if (!PAID_EVENTS.has(event.type)) return { received: true, applied: false, budgetId: null };
  const session = event.data.object as { payment_status?: string; metadata?: Record<string, string> | null };
  const budgetId = Number(session.metadata?.budgetId);
  if (session.payment_status !== 'paid' || !Number.isSafeInteger(budgetId) || budgetId < 1) {
    return { received: true, applied: false, budgetId: null };
  }
  return { received: true, applied: await recordPayment(db, event.id, budgetId), budgetId };
}
