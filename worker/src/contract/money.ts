/** The clinic's currency until it says otherwise: Argentine pesos. */
export const DEFAULT_CURRENCY = 'ARS';

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
}

/** Whether `code` is an ISO 4217 currency code the runtime knows ('ARS', 'USD', 'EUR', …). */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('currency').includes(code)
    : true;
}

/** Currency units to whole cents, the way budgets are stored. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** An amount in the clinic's currency, the one way every screen, PDF and page writes money: 'ARS 1,170.00'. */
export function formatMoney(amount: number, currency: string): string {
  return formatOf(currency).format(amount);
}

/** An amount in the currency's smallest unit, as Stripe takes it (ARS 1,170.00 → 117000; JPY 500 → 500). */
export function toMinorUnits(amount: number, currency: string): number {
  const digits = formatOf(currency).resolvedOptions().maximumFractionDigits ?? 2;
  return Math.round(amount * 10 ** digits);
}
