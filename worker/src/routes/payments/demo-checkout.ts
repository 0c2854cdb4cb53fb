import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { BudgetDetails } from '../../contract/answers';
import { formatMoney, toMinorUnits } from '../../contract/money';
import { checkoutLines, demoCheckoutPath } from '../../services/stripe';

/** The event Stripe would send when the demo checkout's Pay is pressed. */
export function demoCheckoutEvent(
  budget: BudgetDetails,
  sessionId: string,
  cents: number,
  currency: string,
): string {
  const created = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    id: `evt_demo_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created,
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: toMinorUnits(cents / 100, currency),
        currency: currency.toLowerCase(),
        client_reference_id: String(budget.ID),
        metadata: { budgetId: String(budget.ID) },
      },
    },
  });
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1b2b36; background: #f4f7f9; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #dbe3e8; border-radius: 14px; }
  h1 { margin-top: 0; font-size: 1.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { color: #566875; }
  dd { margin: 0; font-weight: 600; }
  button { min-height: 2.75rem; width: 100%; font: inherit; font-weight: 600; color: #fff; background: #0f6e84; border: 0; border-radius: 8px; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid rgb(15 110 132 / 40%); outline-offset: 2px; }
  a { color: #0f6e84; }
`;

/**
 * The local stand-in for Stripe Checkout: the amount and a Pay button that posts back
 * to the worker, which signs and applies the same webhook event Stripe would send.
 */
export function demoCheckoutPage(
  budget: BudgetDetails,
  currency: string,
  checkoutCents: number | null,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const charged = checkoutCents === null ? budget.balance : checkoutCents / 100;
  const amount = formatMoney(charged, currency);
  const items = checkoutLines({
    ID: budget.ID,
    totalPrice: budget.totalPrice,
    currency,
    amount: charged,
    lines: budget.treatments,
  });
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Demo checkout</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <h1>Demo checkout</h1>
      <p>This local payment page stands in for Stripe: no card is charged.</p>
      <dl>
        <dt>Budget</dt>
        <dd>${budget.ID}</dd>
        <dt>Patient</dt>
        <dd>${budget.patientFullName}</dd>
        <dt>Amount</dt>
        <dd>${amount}</dd>
      </dl>
      <h2>What you pay for</h2>
      <ul>
        ${budget.treatments.map(
          (l) =>
            html`<li>${l.quantity} × ${l.ID} ${l.description || l.treatmentType}${l.toothID ? ` (tooth ${l.toothID})` : ''}: ${formatMoney(l.subTotalPrice, currency)}</li>`,
        )}
      </ul>
      ${budget.discount ? html`<p>Discount: ${formatMoney(budget.discount, currency)}</p>` : ''}
      ${items.length === 1 && charged < budget.totalPrice ? html`<p>${items[0]?.name}</p>` : ''}
      ${
        budget.paid || checkoutCents === null
          ? html`<p role="status">${budget.paid ? 'This budget is already paid.' : 'Ask for a payment link first.'}</p>`
          : html`<form method="post" action="${demoCheckoutPath(budget.ID)}">
              <button type="submit">Pay ${amount}</button>
            </form>`
      }
      <p><a href="/home/payments">Back to payments</a></p>
    </main>
  </body>
</html>`;
}
