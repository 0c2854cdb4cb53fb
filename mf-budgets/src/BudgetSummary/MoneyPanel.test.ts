import { describe, expect, test } from 'vitest';
import { creditToUse } from './MoneyPanel';

const budget = { credit: 1000, balance: 4500, paid: false, status: 'Pending' as const };

describe("the summary's Use credit", () => {
  test('is offered on an unpaid budget when the patient has credit, for as much as it can pay', () => {
    expect(creditToUse(budget)).toBe(1000);
    expect(creditToUse({ ...budget, status: 'Partly paid', balance: 170 })).toBe(170);
  });
  test('is not offered without credit, on a paid budget or on a voided one', () => {
    expect(creditToUse({ ...budget, credit: 0 })).toBeNull();
    expect(creditToUse({ ...budget, paid: true, balance: 0, status: 'Completed' })).toBeNull();
    expect(creditToUse({ ...budget, status: 'Voided', balance: 0 })).toBeNull();
  });
});
