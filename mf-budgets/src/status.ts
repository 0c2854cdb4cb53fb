import { type Budget, type BudgetStatus, paymentStatus } from '@clinic/worker/contract';

/**
 * What a budget's payment status reads, the same on the list and on its summary: SPEC's
 * 'Completed' and 'Pending', with 'Partly paid' between them and 'Voided'.
 */
export const statusLabel = (budget: Pick<Budget, 'paid' | 'status'>): BudgetStatus =>
  budget.status === 'Partly paid' || budget.status === 'Voided' ? budget.status : paymentStatus(budget.paid);
