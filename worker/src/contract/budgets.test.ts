import { describe, expect, test } from 'vitest';
import { budgetTotal, parseListSearch } from './budgets';
import { toCents } from './money';

describe('toCents', () => {
  test('turns currency units into whole cents', () => {
    expect(toCents(1170)).toBe(117_000);
    expect(toCents(45.5)).toBe(4550);
    expect(toCents(0)).toBe(0);
  });
  test('rounds away the binary error of decimal amounts (0.29 * 100 is 28.999…)', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
  });
});

describe('budgetTotal', () => {
  test('each line is its price times its quantity; the total is their sum less the discount', () => {
    const lines = [
      { priceCents: 4500, quantity: 2 },
      { priceCents: 1500, quantity: 1 },
    ];
    expect(budgetTotal(lines, 1000)).toEqual({ subTotals: [9000, 1500], subTotal: 10_500, total: 9500 });
  });
  test('without a discount the total is the sum', () => {
    expect(budgetTotal([{ priceCents: 1170, quantity: 3 }])).toEqual({
      subTotals: [3510],
      subTotal: 3510,
      total: 3510,
    });
  });
  test('a discount above the sum leaves the total at zero, never below', () => {
    expect(budgetTotal([{ priceCents: 1000, quantity: 1 }], 5000).total).toBe(0);
  });
  test('no lines: everything is zero', () => {
    expect(budgetTotal([])).toEqual({ subTotals: [], subTotal: 0, total: 0 });
  });
});

describe('parseListSearch', () => {
  test('an empty or blank term searches nothing', () => {
    expect(parseListSearch('')).toEqual({ kind: 'none' });
    expect(parseListSearch('   ')).toEqual({ kind: 'none' });
  });
  test('digits only search documents', () => {
    expect(parseListSearch(' 35123 ')).toEqual({ kind: 'document', term: '35123' });
  });
  test('anything else searches names, lower-cased, runs of spaces kept once', () => {
    expect(parseListSearch('  Van   HOUTEN ')).toEqual({ kind: 'name', term: 'van houten' });
    expect(parseListSearch('123 Main')).toEqual({ kind: 'name', term: '123 main' });
  });
});
