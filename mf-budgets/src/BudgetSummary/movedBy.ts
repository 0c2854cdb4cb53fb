import type { BudgetPayment } from '@clinic/worker/contract';

/**
 * How a row's money moved: a payment as it was made; a refund not kept as credit the way its payment
 * was made (cash back as cash, a transfer by transfer), as the patient's mail says.
 */
export function movedBy(row: BudgetPayment, rows: readonly BudgetPayment[]): BudgetPayment['method'] {
  if (row.kind !== 'refund' || row.method === 'credit') return row.method;
  return rows.find((p) => p.ID === row.refundOf)?.method ?? row.method;
}
