import {
  type Budget,
  type BudgetDetails,
  type BudgetPayment,
  type Clinic,
  toCents,
} from '@clinic/worker/contract';
import { formatDate } from '../format';
import { recordPdf } from './recordPdf';

/** Writes an amount; the PDFs pass the budget's own currency (the one it was made in). */
type Money = (amount: number, currency?: string) => string;
type ClinicHeader = Pick<Clinic, 'name' | 'street' | 'number' | 'city' | 'telephone' | 'email'>;

/** The quote's file name. */
export const quoteFileName = (budget: Pick<Budget, 'ID'>): string => `Quote ${budget.ID}.pdf`;
/** One payment's receipt file name. */
export const paymentReceiptFileName = (
  budget: Pick<Budget, 'ID'>,
  payment: Pick<BudgetPayment, 'ID'>,
): string => `Receipt ${budget.ID}-${payment.ID}.pdf`;

/** The clinic's header lines: its name, address and how to reach it. */
function clinicFacts(clinic: ClinicHeader | null): [string, string][] {
  if (!clinic) return [];
  const address = [`${clinic.street} ${clinic.number}`.trim(), clinic.city].filter(Boolean).join(', ');
  const contact = [clinic.telephone, clinic.email].filter(Boolean).join(' · ');
  return [
    ['Clinic', clinic.name],
    ...(address ? [['Address', address] as [string, string]] : []),
    ...(contact ? [['Contact', contact] as [string, string]] : []),
  ];
}

/** A line as the quote prints it: its code and treatment, the tooth when it has one. */
const lineLabel = (l: Budget['treatments'][number]): string =>
  `${l.ID} ${l.description || l.treatmentType}${l.toothID ? ` (tooth ${l.toothID})` : ''}`;

/**
 * The discount's line, when the budget has one: its amount, named with its percentage when it was
 * given as one ('Discount (10%)'). The lines less this make the total.
 */
function discountEntries(
  budget: Pick<Budget, 'discount' | 'discountPercent'>,
  money: Money,
): [string, string][] {
  if (!budget.discount) return [];
  const label = budget.discountPercent ? `Discount (${budget.discountPercent}%)` : 'Discount';
  // Plain hyphen: the PDF font (WinAnsi) has no minus sign.
  return [[label, `-${money(budget.discount)}`]];
}

/** Whether `a` was recorded before `b`: by date, then by ID (the order they were written in). */
function recordedBefore(
  a: Pick<BudgetPayment, 'ID' | 'date'>,
  b: Pick<BudgetPayment, 'ID' | 'date'>,
): boolean {
  const at = Date.parse(a.date);
  const bt = Date.parse(b.date);
  const byDate = Number.isFinite(at) && Number.isFinite(bt) ? at - bt : a.date.localeCompare(b.date);
  return byDate !== 0 ? byDate < 0 : a.ID < b.ID;
}

/**
 * A payment's receipt figures as they stood right after that payment, not today: what was paid in
 * all up to and including it (the payments recorded before it, by date then ID, less the refunds
 * recorded before it) and what was left to pay after it. Counted in cents, as budgets are stored.
 */
export function receiptFigures(
  budget: Pick<BudgetDetails, 'totalPrice' | 'payments'>,
  payment: Pick<BudgetPayment, 'ID' | 'date' | 'kind' | 'amount'>,
): { paidInAll: number; leftToPay: number } {
  const upToIt = budget.payments.filter((p) => p.ID !== payment.ID && recordedBefore(p, payment));
  const paidCents = [...upToIt, payment].reduce(
    (sum, p) => sum + (p.kind === 'refund' ? -toCents(p.amount) : toCents(p.amount)),
    0,
  );
  return {
    paidInAll: paidCents / 100,
    leftToPay: Math.max(toCents(budget.totalPrice) - paidCents, 0) / 100,
  };
}

/**
 * A budget as a quote to hand over: the clinic's header, the patient, every line with its tooth,
 * the discount, the total, until when it holds and how to pay it. The medic's summary and the
 * patient's portal both download this same document.
 */
export function budgetQuotePdf(budget: Budget, clinic: ClinicHeader | null, format: Money): Promise<Blob> {
  const money = (amount: number) => format(amount, budget.currency);
  const howToPay =
    budget.balance > 0
      ? `Online with the payment link${budget.linkPayment ? ` (${budget.linkPayment})` : ' from your patient portal'}, or at the clinic's desk by cash, card or transfer.`
      : 'Nothing is left to pay.';
  return recordPdf({
    title: `Quote ${budget.ID}`,
    facts: [
      ...clinicFacts(clinic),
      ['Patient', budget.patientFullName],
      ['Document', budget.patientDocument],
      ['Date', formatDate(budget.creationDate)],
      ['Valid until', budget.validUntil ? formatDate(budget.validUntil) : 'No end date'],
    ],
    entries: [
      ...budget.treatments.map((l): [string, string] => [
        lineLabel(l),
        `${l.quantity} × ${money(l.price)} = ${money(l.subTotalPrice)}`,
      ]),
      ...discountEntries(budget, money),
      ['Total', money(budget.totalPrice)],
      ...(budget.paidAmount > 0
        ? [
            ['Paid', money(budget.paidAmount)] as [string, string],
            ['Left to pay', money(budget.balance)] as [string, string],
          ]
        : []),
      ['How to pay', howToPay],
    ],
  });
}

const METHOD_LABELS: Record<BudgetPayment['method'], string> = {
  online: 'Online (card)',
  cash: 'Cash',
  card: 'Card at the desk',
  transfer: 'Transfer',
  credit: 'Credit on account',
  earlier: 'Earlier payment',
};

/**
 * The receipt of one payment of a budget: the clinic, the patient, the date, how it was paid and
 * how much, then the budget's lines, its discount and total, what was paid in all with that payment
 * and what was left after it (an earlier payment's receipt keeps saying what it said that day).
 */
export function paymentReceiptPdf(
  budget: BudgetDetails,
  payment: BudgetPayment,
  clinic: ClinicHeader | null,
  format: Money,
): Promise<Blob> {
  const money = (amount: number) => format(amount, budget.currency);
  const { paidInAll, leftToPay } = receiptFigures(budget, payment);
  return recordPdf({
    title: `Receipt ${budget.ID}-${payment.ID}`,
    facts: [
      ...clinicFacts(clinic),
      ['Patient', budget.patientFullName],
      ['Document', budget.patientDocument],
      ['Budget', String(budget.ID)],
      ['Date', formatDate(payment.date)],
    ],
    entries: [
      ['Received', money(payment.amount)],
      ['Method', METHOD_LABELS[payment.method]],
      ...(payment.by ? [['Recorded by', payment.by] as [string, string]] : []),
      ...budget.treatments.map((l): [string, string] => [lineLabel(l), money(l.subTotalPrice)]),
      ...discountEntries(budget, money),
      ['Budget total', money(budget.totalPrice)],
      ['Paid in all', money(paidInAll)],
      ['Left to pay', money(leftToPay)],
    ],
  });
}
