import { formatMoney, toCents } from '@clinic/worker/contract';

/**
 * Amounts of budgets made in different currencies, added up per currency (never across them) in the
 * order first met: 'ARS 500.00 + USD 20.00'. Nothing to add is `fallback`'s zero.
 */
export function formatMoneyTotals(
  items: readonly { amount: number; currency: string }[],
  fallback: string,
): string {
  const cents = new Map<string, number>();
  for (const { amount, currency } of items) cents.set(currency, (cents.get(currency) ?? 0) + toCents(amount));
  if (cents.size === 0) return formatMoney(0, fallback);
  return [...cents].map(([currency, c]) => formatMoney(c / 100, currency)).join(' + ');
}
