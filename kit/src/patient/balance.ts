import type { Budget, Turn } from '@clinic/worker/contract';

/**
 * What a patient still owes: the total of their budgets not yet paid. The one place the header's
 * balance is computed, so that part payments (a budget's own balance) change only this.
 */
export function balanceDue(budgets: readonly Budget[], patientId: number): number {
  return balancesDue(budgets, patientId).reduce((sum, b) => sum + b.amount, 0);
}

/** The same, budget by budget with the currency each was made in (amounts in two currencies never add up). */
export function balancesDue(
  budgets: readonly Budget[],
  patientId: number,
): { amount: number; currency: string }[] {
  return budgets
    .filter((b) => b.PatientID === patientId && !b.paid)
    .map((b) => ({ amount: b.totalPrice, currency: b.currency }));
}

/** The patient's next turn from `today` on (not a cancelled one: those are gone), or null. */
export function nextTurn(turns: readonly Turn[], today: string): Turn | null {
  return (
    [...turns]
      .filter((t) => t.date >= today)
      .sort((a, b) => (a.date === b.date ? a.time - b.time : a.date < b.date ? -1 : 1))[0] ?? null
  );
}

/** Decimal hours as 'HH:MM' (9.5 → '09:30'). */
export const clock = (hours: number): string => {
  const minutes = Math.round(hours * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};
