import { DEFAULT_CURRENCY, formatMoney } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect } from 'react';
import { $clinic, loadClinic } from './clinic';

/**
 * How every screen writes an amount: in the clinic's currency, through Intl.NumberFormat
 * ('ARS 1,170.00'). Reads the shared clinic once if no screen has yet.
 */
export function useMoney(): (amount: number) => string {
  const currency = useStore($clinic)?.currency ?? DEFAULT_CURRENCY;
  useEffect(() => {
    loadClinic().catch(() => {
      // The clinic's own screens show a failed read; amounts keep the default currency meanwhile.
    });
  }, []);
  return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}
