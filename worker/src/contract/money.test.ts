import { describe, expect, test } from 'vitest';
import { formatMoney, isCurrency, toMinorUnits } from './money';

describe('money in the clinic currency', () => {
  test('formatted by Intl.NumberFormat with the currency named (a code keeps to its number)', () => {
    expect(formatMoney(1170, 'ARS')).toBe('ARS\u00a01,170.00');
    expect(formatMoney(1170, 'USD')).toBe('$1,170.00');
    expect(formatMoney(0.5, 'EUR')).toBe('€0.50');
  });

  test('Stripe takes the smallest unit of each currency', () => {
    expect(toMinorUnits(1170, 'ARS')).toBe(117_000);
    expect(toMinorUnits(45.99, 'USD')).toBe(4599);
    expect(toMinorUnits(500, 'JPY')).toBe(500);
  });

  test('only ISO 4217 codes are currencies', () => {
    expect(isCurrency('ARS')).toBe(true);
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('ars')).toBe(false);
    expect(isCurrency('PESO')).toBe(false);
    expect(isCurrency('ZZZ')).toBe(false);
  });
});
