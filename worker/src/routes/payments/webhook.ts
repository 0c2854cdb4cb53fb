import { MSG } from '../../contract/messages';
import { toMinorUnits } from '../../contract/money';
import type { Db } from '../../db/client';
import type { Bindings } from '../../env';
import { AppError } from '../../lib/errors';
import { verifiedEvent } from '../../services/stripe';
import { eventApplied, recordOnlinePayment, recordRefusal } from '../budgets/budget-money.repo';
import { checkoutOf } from '../budgets/budget-payment.repo';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Why a signed payment was not applied: it is recorded in payment_refusals with this reason. */
export type RefusalReason = 'no budget' | 'session' | 'currency' | 'amount';

interface PaidSession {
  id?: unknown;
  payment_status?: string;
  amount_total?: unknown;
  currency?: unknown;
  metadata?: Record<string, string> | null;
}

/** Records a refused event once (a replay of it changes nothing) and answers 409. */
async function refuse(
  db: Db,
  eventId: string,
  budgetId: number | null,
  reason: RefusalReason,
): Promise<never> {
  console.warn(`webhook: event ${eventId} refused (${reason}) for budget ${budgetId}`);
  await recordRefusal(db, eventId, budgetId, reason);
  throw new AppError('conflict', MSG.paymentRefused);
}

/**
 * POST /api/payments/webhook, and the demo checkout's Pay through the same code:
 * the signature is checked on the raw body, then a paid Checkout Session becomes a payment of its
 * budget once — only when the budget exists and the session is the budget's current one, in the
 * budget's currency, for the amount it was made for. A mismatch is recorded and answered 409.
 * Events of other kinds, and replays, are acknowledged and change nothing. `budgetId` names
 * the budget a payment applied to, for the caller's live notice; it is not part of the answer.
 * `onBudget` is told the patient of an event's budget as soon as the budget is found, before the
 * event is applied or refused (the webhook's access-log entry names that patient).
 */
export async function applyWebhook(
  db: Db,
  env: Bindings,
  rawBody: string,
  signature: string | undefined,
  onBudget: (patientId: number) => void = () => {},
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
  const session = event.data.object as PaidSession;
  if (session.payment_status !== 'paid') return { received: true, applied: false, budgetId: null };
  const budgetId = Number(session.metadata?.budgetId);
  const known = Number.isSafeInteger(budgetId) && budgetId >= 1;
  const checkout = known ? await checkoutOf(db, budgetId) : null;
  if (checkout) onBudget(checkout.patientId);
  // A replay of an applied event is acknowledged before any check (its session is spent).
  if (await eventApplied(db, event.id)) return { received: true, applied: false, budgetId: null };
  if (!checkout) return refuse(db, event.id, known ? budgetId : null, 'no budget');
  if (typeof session.id !== 'string' || checkout.sessionId === null || session.id !== checkout.sessionId) {
    return refuse(db, event.id, budgetId, 'session');
  }
  // The budget's own currency: the one its Checkout Session was made in.
  const currency = checkout.currency;
  if (typeof session.currency !== 'string' || session.currency.toUpperCase() !== currency) {
    return refuse(db, event.id, budgetId, 'currency');
  }
  if (checkout.cents === null || session.amount_total !== toMinorUnits(checkout.cents / 100, currency)) {
    return refuse(db, event.id, budgetId, 'amount');
  }
  const applied = await recordOnlinePayment(db, event.id, budgetId, checkout.cents, session.id);
  return { received: true, applied, budgetId: applied ? budgetId : null };
}
