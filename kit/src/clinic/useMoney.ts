import { DEFAULT_CURRENCY, formatMoney } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect } from 'react';
import { $clinic, loadClinic } from './clinic';

/**
 * How every screen writes an amount: through Intl.NumberFormat ('ARS 1,170.00'), in the currency
 * given — a budget's own, the one it was made in — or else the clinic's. Reads the shared clinic
 * once if no screen has yet.
 */
export function useMoney(): (amount: number, currency?: string) => string {
  const currency = useStore($clinic)?.currency ?? DEFAULT_CURRENCY;
  useEffect(() => {
    loadClinic().catch(() => {
      // The clinic's own screens show a failed read; amounts keep the default currency meanwhile.
    });
  }, []);
  return useCallback((amount: number, own?: string) => formatMoney(amount, own ?? currency), [currency]);
}

/**
 * How a budget's screens write its amounts: in the currency the budget was made in (a later change
 * of the clinic's currency leaves it), the clinic's while there is no budget yet.
 */
export function useBudgetMoney(budget: { currency: string } | null | undefined): (amount: number) => string {
  const format = useMoney();
  const currency = budget?.currency;
  return useCallback((amount: number) => format(amount, currency), [format, currency]);
}
