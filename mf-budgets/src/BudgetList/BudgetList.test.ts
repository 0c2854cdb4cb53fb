import { type Budget, formatMoney } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { columnsOf } from './BudgetList';

const money = (n: number): string => `$${n.toFixed(2)}`;
const budgetOf = (patientFullName: string): Budget =>
  ({
    ID: 1,
    PatientID: 1,
    patientFullName,
    patientDocument: '30111222',
    totalPrice: 100,
    balance: 100,
    status: 'Pending',
    paid: false,
    creationDate: '2026-11-20T10:00:00Z',
  }) as Budget;

describe('the budgets list', () => {
  test("the Patient Name column shows each name as it was written, never changing a letter's case", () => {
    const name = columnsOf(money).find((c) => c.header === 'Patient Name');
    if (!name) throw new Error('no Patient Name column');
    expect(name.cell(budgetOf("D'Arcy O-Neil"))).toBe("D'Arcy O-Neil");
    expect(name.cell(budgetOf('María  de la Cruz'))).toBe('María de la Cruz');
  });

  test("the Amount column writes each budget in its own currency, not the clinic's changed one", () => {
    // The clinic bills in USD now; these budgets were made in ARS before the change.
    const clinicMoney = (n: number, currency = 'USD'): string => formatMoney(n, currency);
    const amount = columnsOf(clinicMoney).find((c) => c.header === 'Amount');
    if (!amount) throw new Error('no Amount column');
    const old = { ...budgetOf('Ana'), currency: 'ARS', totalPrice: 1170, balance: 1170 };
    expect(amount.cell(old)).toBe(formatMoney(1170, 'ARS'));
    const partly = { ...old, status: 'Partly paid', balance: 170 } as Budget;
    expect(amount.cell(partly)).toBe(`${formatMoney(1170, 'ARS')} (left: ${formatMoney(170, 'ARS')})`);
    expect(amount.cell({ ...old, currency: 'USD' })).toBe(formatMoney(1170, 'USD'));
  });
});
