import type { BudgetDetails } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { moneyFigures, refundedOf } from './moneyFigures';

type Row = BudgetDetails['payments'][number];
const row = (r: Partial<Row> & Pick<Row, 'ID' | 'kind' | 'amount'>): Row => ({
  method: 'cash',
  reason: null,
  refundOf: null,
  refundable: 0,
  by: null,
  date: '2026-11-27T10:00:00.000Z',
  ...r,
});

describe("the budget summary's money line", () => {
  test('a whole cash payment refunded: Paid stays, Refunded beside it, Left to pay unchanged', () => {
    const payments = [
      row({ ID: 1, kind: 'payment', amount: 1000 }),
      row({ ID: 2, kind: 'refund', amount: 1000, refundOf: 1, reason: 'Treatment not done' }),
    ];
    expect(moneyFigures({ paidAmount: 1000, balance: 3500, payments })).toEqual([
      { label: 'Paid', amount: 1000 },
      { label: 'Refunded', amount: 1000 },
      { label: 'Left to pay', amount: 3500 },
    ]);
  });

  test('nothing refunded: no Refunded figure', () => {
    const payments = [row({ ID: 1, kind: 'payment', amount: 250.5 })];
    expect(moneyFigures({ paidAmount: 250.5, balance: 0, payments }).map((f) => f.label)).toEqual([
      'Paid',
      'Left to pay',
    ]);
  });

  test('several refunds add up in whole cents', () => {
    const payments = [
      row({ ID: 1, kind: 'payment', amount: 1 }),
      row({ ID: 2, kind: 'refund', amount: 0.1, refundOf: 1 }),
      row({ ID: 3, kind: 'refund', amount: 0.2, refundOf: 1, method: 'credit' }),
    ];
    expect(refundedOf(payments)).toBe(0.3);
  });
});
