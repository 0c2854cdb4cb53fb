import {
  type BudgetDetails,
  type BudgetLine,
  budgetTotal,
  QUANTITY_MAX,
  type Treatment,
  toCents,
} from '@clinic/worker/contract';

/** A line of the budget being built: a treatment of the price list and how many. */
export interface DraftLine {
  treatment: Treatment;
  quantity: number;
  /** The tooth (FDI) the line is for, when it is for one. */
  toothID?: number | null;
}

const sameLine = (l: DraftLine, id: string, toothID: number | null): boolean =>
  l.treatment.ID === id && (l.toothID ?? null) === toothID;

/**
 * Adds one of `treatment` (for `toothID`, when given): the same treatment for the same tooth
 * already in the budget raises its line (up to the maximum).
 */
export function addTreatment(
  lines: readonly DraftLine[],
  treatment: Treatment,
  toothID: number | null = null,
): DraftLine[] {
  return lines.some((l) => sameLine(l, treatment.ID, toothID))
    ? changeQuantity(lines, treatment.ID, 1, toothID)
    : [...lines, { treatment, quantity: 1, toothID }];
}

/** Raises or lowers a line's quantity, never past the maximum; below 1 the line goes. */
export function changeQuantity(
  lines: readonly DraftLine[],
  id: string,
  by: number,
  toothID: number | null = null,
): DraftLine[] {
  return lines
    .map((l) => (sameLine(l, id, toothID) ? { ...l, quantity: Math.min(l.quantity + by, QUANTITY_MAX) } : l))
    .filter((l) => l.quantity >= 1);
}

/** The discount in cents: a percentage of the lines' sum, or an amount; never above the sum. */
export function discountCents(
  sumCents: number,
  discount: { kind: 'amount' | 'percent'; value: number },
): number {
  const cents =
    discount.kind === 'percent'
      ? Math.round((sumCents * discount.value) / 100)
      : Math.round(discount.value * 100);
  return Math.min(Math.max(cents, 0), sumCents);
}

/** The lines as a budget shows them, each sub-total and the total counted in cents, as the server does. */
export function priced(lines: readonly DraftLine[]): { lines: BudgetLine[]; total: number } {
  const { subTotals, total } = budgetTotal(
    lines.map((l) => ({ priceCents: toCents(l.treatment.price), quantity: l.quantity })),
  );
  return {
    lines: lines.map(({ treatment: t, quantity, toothID }, i) => ({
      ID: t.ID,
      treatmentType: t.treatmentType,
      description: t.description,
      price: t.price,
      quantity,
      subTotalPrice: (subTotals[i] ?? 0) / 100,
      toothID: toothID ?? null,
    })),
    total: total / 100,
  };
}

/** The lines of a stored budget as the builder edits them (priced again by the server on save). */
export function draftLinesOf(lines: readonly BudgetLine[]): DraftLine[] {
  return lines.map((l) => ({
    treatment: {
      ID: l.ID,
      creationDate: '',
      updateDate: '',
      treatmentType: l.treatmentType,
      description: l.description,
      price: l.price,
      ClinicID: 0,
    },
    quantity: l.quantity,
    toothID: l.toothID,
  }));
}

/** What the builder's discount field holds: an amount or a percentage, as typed. */
export interface DraftDiscount {
  kind: 'amount' | 'percent';
  text: string;
}

/** The discount typed, when it is a number above zero (else null: no discount). */
export function discountValue(discount: DraftDiscount): number | null {
  if (discount.text.trim() === '') return null;
  const value = Number(discount.text.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The lines, discount and validity as POST and PUT /api/Budgets take them. */
export function budgetBody(
  lines: readonly DraftLine[],
  discount: DraftDiscount,
  validUntil: string,
): {
  treatments: { ID: string; quantity: number; toothID: number | null }[];
  discount: number | null;
  discountPercent: number | null;
  validUntil: string | null;
} {
  const value = discountValue(discount);
  return {
    treatments: lines.map((l) => ({ ID: l.treatment.ID, quantity: l.quantity, toothID: l.toothID ?? null })),
    discount: value !== null && discount.kind === 'amount' ? value : null,
    discountPercent: value !== null && discount.kind === 'percent' ? value : null,
    validUntil: validUntil || null,
  };
}

/**
 * What someone else changed in a budget since the edit screen opened it, named as the screen names
 * them (a 412 conflict lists these): its treatments, discount, validity, total, or its payments.
 */
export function budgetChanges(
  before: {
    treatments: readonly BudgetLine[];
    discount: number | null;
    validUntil: string | null;
    totalPrice: number;
  },
  after: typeof before,
): string[] {
  const linesOf = (b: typeof before) =>
    JSON.stringify(b.treatments.map((l) => [l.ID, l.quantity, l.toothID ?? null]));
  const changed: string[] = [];
  if (linesOf(before) !== linesOf(after)) changed.push('Treatments');
  if ((before.discount ?? 0) !== (after.discount ?? 0)) changed.push('Discount');
  if ((before.validUntil ?? '') !== (after.validUntil ?? '')) changed.push('Valid until');
  if (before.totalPrice !== after.totalPrice) changed.push('Total');
  return changed;
}

/** Whether a budget may still be changed: no payment or refund recorded on it, and not voided. */
export const editable = (b: { status: string; payments: readonly unknown[] }): boolean =>
  b.status !== 'Voided' && b.payments.length === 0;

/** A stored discount as the Discount field shows it (empty for none). */
const amountText = (discount: number | null): string => (discount ? String(discount) : '');

/**
 * A stored discount as the form starts it: a percent stays a percent (a change of the lines takes
 * that share of the new total), an amount stays an amount.
 */
export const draftDiscountOf = (
  budget: Pick<BudgetDetails, 'discount' | 'discountPercent'>,
): DraftDiscount =>
  budget.discountPercent
    ? { kind: 'percent', text: String(budget.discountPercent) }
    : { kind: 'amount', text: amountText(budget.discount) };
