import { type BudgetLine, budgetTotal, QUANTITY_MAX, type Treatment, toCents } from '@clinic/worker/contract';

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
