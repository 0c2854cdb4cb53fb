import { formatMoney } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { creditText } from './CreditLine';

describe("the portal's credit line", () => {
  test("says the patient's credit in its currency", () => {
    expect(creditText([{ currency: 'ARS', amount: 1000 }])).toBe(`Credit: ${formatMoney(1000, 'ARS')}`);
  });
  test('adds nothing across currencies, and says nothing without credit', () => {
    expect(
      creditText([
        { currency: 'ARS', amount: 830 },
        { currency: 'USD', amount: 20 },
      ]),
    ).toBe(`Credit: ${formatMoney(830, 'ARS')} + ${formatMoney(20, 'USD')}`);
    expect(creditText([])).toBeNull();
    expect(creditText([{ currency: 'ARS', amount: 0 }])).toBeNull();
  });
});
