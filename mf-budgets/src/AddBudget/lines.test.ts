import { QUANTITY_MAX } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import {
  addTreatment,
  budgetBody,
  budgetChanges,
  changeQuantity,
  discountCents,
  draftDiscountOf,
  draftLinesOf,
  editable,
  priced,
} from './lines';
import { treatment } from './treatment.fixture';

const consultation = treatment('0101', 1170);
const xray = treatment('0601', 1500);

describe('the budget builder lines', () => {
  test('the same treatment for two teeth is two lines; a discount is an amount or a percentage', () => {
    const lines = addTreatment(addTreatment(addTreatment([], xray, 16), xray, 26), xray, 16);
    expect(lines.map((l) => [l.treatment.ID, l.toothID, l.quantity])).toEqual([
      ['0601', 16, 2],
      ['0601', 26, 1],
    ]);
    expect(changeQuantity(lines, '0601', -1, 26).map((l) => l.toothID)).toEqual([16]);
    expect(discountCents(450_000, { kind: 'percent', value: 10 })).toBe(45_000);
    expect(discountCents(450_000, { kind: 'amount', value: 120.5 })).toBe(12_050);
    expect(discountCents(1_000, { kind: 'amount', value: 50 })).toBe(1_000);
  });

  test('a treatment added twice is one line of two, kept in the order first added', () => {
    const lines = addTreatment(addTreatment(addTreatment([], consultation), xray), consultation);
    expect(lines.map((l) => [l.treatment.ID, l.quantity])).toEqual([
      ['0101', 2],
      ['0601', 1],
    ]);
  });

  test('quantities go up and down; below one the line goes', () => {
    const two = changeQuantity(addTreatment([], xray), '0601', 1);
    expect(two[0]?.quantity).toBe(2);
    expect(changeQuantity(two, '0601', -1)[0]?.quantity).toBe(1);
    expect(changeQuantity(changeQuantity(two, '0601', -1), '0601', -1)).toEqual([]);
  });

  test('a quantity never passes the maximum, by the buttons or by adding again', () => {
    const most = changeQuantity(addTreatment([], xray), '0601', QUANTITY_MAX + 5);
    expect(most[0]?.quantity).toBe(QUANTITY_MAX);
    expect(addTreatment(most, xray)[0]?.quantity).toBe(QUANTITY_MAX);
  });

  test('a change touches only its own line', () => {
    const lines = addTreatment(addTreatment([], consultation), xray);
    expect(changeQuantity(lines, '0101', 3).map((l) => l.quantity)).toEqual([4, 1]);
  });

  test('sub-totals and the total are counted in cents: 0.1 + 0.2 is 0.30, not 0.30000000000000004', () => {
    const lines = addTreatment(addTreatment([], treatment('A', 0.1)), treatment('B', 0.2));
    expect(priced(lines).total).toBe(0.3);
    const three = changeQuantity(addTreatment([], treatment('A', 0.1)), 'A', 2);
    expect(priced(three).lines[0]?.subTotalPrice).toBe(0.3);
    const budget = priced(changeQuantity(addTreatment(addTreatment([], consultation), xray), '0101', 1));
    expect(budget.lines.map((l) => [l.ID, l.quantity, l.subTotalPrice])).toEqual([
      ['0101', 2, 2340],
      ['0601', 1, 1500],
    ]);
    expect(budget.total).toBe(3840);
  });

  test('a line carries the name and price the tables show', () => {
    expect(priced(addTreatment([], xray)).lines[0]).toEqual({
      ID: '0601',
      treatmentType: 'type',
      description: 'treatment 0601',
      price: 1500,
      quantity: 1,
      subTotalPrice: 1500,
      toothID: null,
    });
  });
});

describe('editing a stored budget', () => {
  const stored = priced(addTreatment(addTreatment([], consultation), xray, 16)).lines;
  const budget = { treatments: stored, discount: 100, validUntil: '2030-01-31', totalPrice: 2570 };

  test("a stored budget's lines come back as the builder's, tooth and quantity kept", () => {
    const lines = draftLinesOf(stored);
    expect(lines.map((l) => [l.treatment.ID, l.toothID, l.quantity])).toEqual([
      ['0101', null, 1],
      ['0601', 16, 1],
    ]);
    expect(priced(lines).lines).toEqual(stored);
  });

  test('the body sends the discount as an amount or a percentage, never both; nothing typed is no discount', () => {
    const lines = draftLinesOf(stored);
    expect(budgetBody(lines, { kind: 'percent', text: '10' }, '')).toEqual({
      treatments: [
        { ID: '0101', quantity: 1, toothID: null },
        { ID: '0601', quantity: 1, toothID: 16 },
      ],
      discount: null,
      discountPercent: 10,
      validUntil: null,
    });
    expect(budgetBody(lines, { kind: 'amount', text: '12,5' }, '2030-02-01')).toMatchObject({
      discount: 12.5,
      discountPercent: null,
      validUntil: '2030-02-01',
    });
    expect(budgetBody(lines, { kind: 'amount', text: 'abc' }, '')).toMatchObject({
      discount: null,
      discountPercent: null,
    });
  });

  test('a 412 names what someone else changed', () => {
    expect(budgetChanges(budget, budget)).toEqual([]);
    const more = priced(changeQuantity(draftLinesOf(stored), '0601', 1, 16));
    expect(
      budgetChanges(budget, { ...budget, treatments: more.lines, discount: null, totalPrice: 4070 }),
    ).toEqual(['Treatments', 'Discount', 'Total']);
    expect(budgetChanges(budget, { ...budget, validUntil: null })).toEqual(['Valid until']);
  });

  test('only a budget with no payment or refund, and not voided, may be edited', () => {
    expect(editable({ status: 'Pending', payments: [] })).toBe(true);
    expect(editable({ status: 'Pending', payments: [{}] })).toBe(false);
    expect(editable({ status: 'Voided', payments: [] })).toBe(false);
  });
});

describe('a stored discount as Edit budget starts it', () => {
  test('a percent stays a percent, so new lines get that share of their total', () => {
    expect(draftDiscountOf({ discount: 5120, discountPercent: 10 })).toEqual({ kind: 'percent', text: '10' });
  });

  test('an amount stays an amount; none is an empty amount', () => {
    expect(draftDiscountOf({ discount: 500, discountPercent: null })).toEqual({
      kind: 'amount',
      text: '500',
    });
    expect(draftDiscountOf({ discount: null, discountPercent: null })).toEqual({ kind: 'amount', text: '' });
  });
});
