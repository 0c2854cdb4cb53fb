import { formatMoney } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { formatMoneyTotals } from './moneyTotals';

describe('formatMoneyTotals', () => {
  test('adds amounts up per currency, never across two', () => {
    const due = [
      { amount: 100.1, currency: 'ARS' },
      { amount: 20, currency: 'USD' },
      { amount: 0.2, currency: 'ARS' },
    ];
    expect(formatMoneyTotals(due, 'USD')).toBe(`${formatMoney(100.3, 'ARS')} + ${formatMoney(20, 'USD')}`);
  });
  test("one currency is one amount; nothing is the fallback's zero", () => {
    expect(formatMoneyTotals([{ amount: 5, currency: 'ARS' }], 'USD')).toBe(formatMoney(5, 'ARS'));
    expect(formatMoneyTotals([], 'ARS')).toBe(formatMoney(0, 'ARS'));
  });
});
