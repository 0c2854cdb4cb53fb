import type { BudgetDetails } from '@clinic/worker/contract';

/** What a budget's refunds gave back, in currency units (whole cents added, so no float dust). */
export function refundedOf(payments: BudgetDetails['payments']): number {
  const cents = payments
    .filter((p) => p.kind === 'refund')
    .reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
  return cents / 100;
}

/**
 * The summary's money line: Paid (the payments; a refund gives money back without putting it back
 * on the bill, so it does not lower Paid or raise Left to pay), Refunded beside it whenever
 * anything was refunded, and Left to pay.
 */
export function moneyFigures(
  budget: Pick<BudgetDetails, 'paidAmount' | 'balance' | 'payments'>,
): { label: 'Paid' | 'Refunded' | 'Left to pay'; amount: number }[] {
  const refunded = refundedOf(budget.payments);
  return [
    { label: 'Paid', amount: budget.paidAmount },
    ...(refunded > 0 ? [{ label: 'Refunded' as const, amount: refunded }] : []),
    { label: 'Left to pay', amount: budget.balance },
  ];
}
