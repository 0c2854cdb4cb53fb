import type { BudgetPayment } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { movedBy } from './movedBy';

const row = (over: Partial<BudgetPayment>): BudgetPayment => ({
  ID: 1,
  kind: 'payment',
  method: 'cash',
  amount: 100,
  reason: null,
  refundOf: null,
  refundable: 0,
  by: null,
  date: '2026-11-27',
  ...over,
});

describe("a payments table row's method", () => {
  const cash = row({ ID: 1, method: 'cash' });
  test('a payment shows how it was made', () => {
    expect(movedBy(cash, [cash])).toBe('cash');
  });
  test('a refund given back shows how its payment was made, not the card it is recorded under', () => {
    const back = row({ ID: 2, kind: 'refund', method: 'card', refundOf: 1 });
    expect(movedBy(back, [cash, back])).toBe('cash');
  });
  test('a refund kept as credit shows credit', () => {
    const kept = row({ ID: 3, kind: 'refund', method: 'credit', refundOf: 1 });
    expect(movedBy(kept, [cash, kept])).toBe('credit');
  });
});
