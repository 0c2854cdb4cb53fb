import Stripe from 'stripe';
import type { PaymentPreference } from '../contract/answers';
import { toMinorUnits } from '../contract/money';
import { type Bindings, isLocal } from '../env';

/** The webhook secret of local runs (`npm start`, tests) when none is configured; never used deployed. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_clinic_local_demo';

/** Where a payment begins: the budget, what it costs and in which currency (the clinic's). */
export interface Payable {
  ID: number;
  totalPrice: number;
  currency: string;
  /** What this checkout charges (the balance, or a deposit); the total when absent. */
  amount?: number;
  /** The budget's lines: each is a line item when the checkout charges exactly their sum. */
  lines?: readonly {
    ID: string;
    description: string;
    treatmentType: string;
    price: number;
    quantity: number;
    toothID: number | null;
  }[];
}

/** A line's name on a checkout: its code and description, and its tooth. */
export const lineName = (l: {
  ID: string;
  description: string;
  treatmentType: string;
  toothID: number | null;
}): string => `${l.ID} ${l.description || l.treatmentType}${l.toothID ? ` (tooth ${l.toothID})` : ''}`;

/**
 * The Checkout Session's line items: one per budget line when the amount is exactly their sum; a
 * deposit, a discount or a part already paid is one item named so, its description listing every line.
 */
export function checkoutLines(
  budget: Payable,
): { name: string; description?: string; unitAmount: number; quantity: number }[] {
  const amount = budget.amount ?? budget.totalPrice;
  const lines = budget.lines ?? [];
  const sum = lines.reduce((n, l) => n + Math.round(l.price * 100) * l.quantity, 0);
  if (lines.length > 0 && sum === Math.round(amount * 100)) {
    return lines.map((l) => ({
      name: lineName(l),
      unitAmount: toMinorUnits(l.price, budget.currency),
      quantity: l.quantity,
    }));
  }
  const described = lines.map((l) => `${l.quantity} × ${lineName(l)}`).join('; ');
  return [
    {
      name: amount < budget.totalPrice ? `Payment towards budget ${budget.ID}` : `Budget ${budget.ID}`,
      ...(described ? { description: described.slice(0, 500) } : {}),
      unitAmount: toMinorUnits(amount, budget.currency),
      quantity: 1,
    },
  ];
}

/** The SDK on workerd's fetch, pointed at STRIPE_API_BASE when set; null without a secret key. */
function stripeOf(env: Bindings): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/**
 * True when payments go through the worker's demo checkout page instead of Stripe: local runs
 * without a key only, so a deployment missing its key never lets anyone pay for free.
 */
export const isDemoCheckout = (env: Bindings): boolean => !env.STRIPE_SECRET_KEY && isLocal(env);

export const demoCheckoutPath = (budgetId: number): string => `/api/payments/demo-checkout/${budgetId}`;

/**
 * A payment link for a budget (create_preference): a Stripe Checkout Session carrying the
 * budget id, back to the patient's Payments screen either way; the demo checkout page without a key.
 */
export async function createCheckout(
  env: Bindings,
  budget: Payable,
  origin: string,
): Promise<PaymentPreference> {
  if (isDemoCheckout(env)) {
    // A session id of its own per checkout, as Stripe's: the webhook matches the budget's current one.
    const id = `demo_${budget.ID}_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    return { linkPayment: `${origin}${demoCheckoutPath(budget.ID)}`, id };
  }
  const stripe = stripeOf(env);
  if (!stripe) throw new Error('STRIPE_SECRET_KEY is not set');
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    client_reference_id: String(budget.ID),
    metadata: { budgetId: String(budget.ID) },
    line_items: checkoutLines(budget).map((item) => ({
      quantity: item.quantity,
      price_data: {
        currency: budget.currency.toLowerCase(),
        unit_amount: item.unitAmount,
        product_data: { name: item.name, ...(item.description ? { description: item.description } : {}) },
      },
    })),
    success_url: `${origin}/home/payments`,
    cancel_url: `${origin}/home/payments`,
  });
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
  return { linkPayment: session.url, id: session.id };
}

function webhookSecretOf(env: Bindings): string | null {
  return env.STRIPE_WEBHOOK_SECRET ?? (isLocal(env) ? LOCAL_WEBHOOK_SECRET : null);
}

/** The event a webhook carries, when its signature over the raw body is right; null otherwise. */
export async function verifiedEvent(
  env: Bindings,
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event | null> {
  const secret = webhookSecretOf(env);
  if (!secret) console.error('STRIPE_WEBHOOK_SECRET is not set: every payment webhook is refused');
  if (!secret || !signature) return null;
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}

/** Signs a payload the way Stripe signs webhooks (`t=…,v1=HMAC-SHA256(secret, "t.payload")`). */
export async function signLikeStripe(env: Bindings, payload: string): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: webhookSecretOf(env) ?? '',
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

/**
 * Gives part or all of an online payment back to the card it came from, through Stripe's refund
 * API: the Checkout Session's payment intent, refunded by the amount in cents (once per refund row,
 * however often it is asked). Answers Stripe's refund id, or null for a payment of the demo
 * checkout, whose stand-in only records the refund.
 */
export async function refundToCard(
  env: Bindings,
  sessionId: string,
  amountCents: number,
  refundRowId: number,
): Promise<string | null> {
  if (sessionId.startsWith('demo_')) return null;
  const stripe = stripeOf(env);
  if (!stripe) throw new Error('STRIPE_SECRET_KEY is not set');
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!intent) throw new Error(`checkout session ${sessionId} has no payment intent to refund`);
  const refund = await stripe.refunds.create(
    { payment_intent: intent, amount: amountCents, metadata: { refundId: String(refundRowId) } },
    { idempotencyKey: `clinic-refund-${refundRowId}` },
  );
  return refund.id;
}
