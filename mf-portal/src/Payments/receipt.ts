import { formatDate } from '@clinic/kit';
import type { Budget } from '@clinic/worker/contract';
import { recordPdf } from '../ClinicHistory/pdf';

/** The receipt's file name. */
export const receiptFileName = (budget: Pick<Budget, 'ID'>): string => `Receipt ${budget.ID}.pdf`;

/**
 * A paid budget's receipt, drawn like the clinical history (the same jspdf path): the clinic, the
 * patient, the date it was paid, the amount in the budget's own currency and each treatment.
 */
export function receiptPdf(
  budget: Budget,
  clinicName: string,
  format: (amount: number, currency?: string) => string,
): Promise<Blob> {
  const money = (amount: number) => format(amount, budget.currency);
  return recordPdf({
    title: 'Receipt',
    facts: [
      ['Clinic', clinicName],
      ['Budget', String(budget.ID)],
      ['Patient', budget.patientFullName],
      ['Document', budget.patientDocument],
      ['Paid on', formatDate(budget.updateDate)],
      ['Amount', money(budget.totalPrice)],
    ],
    entries: [
      ...budget.treatments.map((l): [string, string] => [
        `${l.ID} ${l.description || l.treatmentType}`,
        `${l.quantity} × ${money(l.price)} = ${money(l.subTotalPrice)}`,
      ]),
      ...(budget.discount ? [['Discount', money(budget.discount)] as [string, string]] : []),
      ['Total paid', money(budget.totalPrice)],
    ],
  });
}
