import { type BudgetLine, budgetTotal, QUANTITY_MAX, type Treatment, toCents } from '@clinic/worker/contract';

/** A line of the budget being built: a treatment of the price list and how many. */
export interface DraftLine {
  treatment: Treatment;
  quantity: number;
  /** The tooth (FDI) the line is for, when it is for one. */
  toothID?: number | null;
}

/** Adds one of `treatment`: a treatment already in the budget raises its line (up to the maximum). */
export function addTreatment(lines: readonly DraftLine[], treatment: Treatment): DraftLine[] {
  return lines.some((l) => l.treatment.ID === treatment.ID)
    ? changeQuantity(lines, treatment.ID, 1)
    : [...lines, { treatment, quantity: 1 }];
}

/** Raises or lowers a line's quantity, never past the maximum; below 1 the line goes. */
export function changeQuantity(lines: readonly DraftLine[], id: string, by: number): DraftLine[] {
  return lines
    .map((l) => (l.treatment.ID === id ? { ...l, quantity: Math.min(l.quantity + by, QUANTITY_MAX) } : l))
    .filter((l) => l.quantity >= 1);
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
