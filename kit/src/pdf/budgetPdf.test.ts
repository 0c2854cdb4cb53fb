import { type BudgetDetails, type Clinic, QuoteMailSchema } from '@clinic/worker/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { budgetQuotePdf, paymentReceiptFileName, paymentReceiptPdf, quoteFileName } from './budgetPdf';
import { blobToBase64 } from './recordPdf';

const money = (n: number): string => `$${n.toFixed(2)}`;
const clinic = {
  name: 'Smile Clinic',
  street: 'Main St',
  number: '12',
  city: 'Springfield',
  telephone: '555-0101',
  email: 'desk@clinic.test',
} as Clinic;

const budget: BudgetDetails = {
  ID: 7,
  PatientID: 3,
  patientFullName: 'Ana Pérez',
  patientDocument: '30111222',
  treatments: [
    {
      ID: '0101',
      treatmentType: 'Consultation',
      description: 'Consultation',
      price: 100,
      quantity: 1,
      subTotalPrice: 100,
      toothID: null,
    },
    {
      ID: '0202',
      treatmentType: 'Filling',
      description: 'Composite filling',
      price: 50,
      quantity: 2,
      subTotalPrice: 100,
      toothID: 36,
    },
  ],
  discount: 20,
  discountPercent: null,
  totalPrice: 180,
  paid: false,
  linkPayment: null,
  idPayment: null,
  creationDate: '2026-11-20T10:00:00Z',
  updateDate: '2026-11-20T10:00:00Z',
  paidAmount: 54,
  balance: 126,
  status: 'Partly paid',
  validUntil: '2026-12-31',
  voidReason: null,
  patient: {
    name: 'Ana',
    lastName: 'Pérez',
    age: 40,
    document: '30111222',
    cellphone: '',
    medicalService: '',
  },
  payments: [
    {
      ID: 11,
      kind: 'payment',
      method: 'cash',
      amount: 54,
      reason: null,
      refundOf: null,
      refundable: 54,
      by: 'Dr. Gómez',
      date: '2026-11-21T10:00:00Z',
    },
  ],
  credit: 0,
  minPayment: 126,
};

async function textOf(blob: Blob): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await blob.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('budget PDFs', () => {
  test('the quote holds the clinic, the patient, every line with its tooth, the discount, the total, validity and how to pay', async () => {
    const text = await textOf(await budgetQuotePdf(budget, clinic, money));
    for (const part of [
      'Quote 7',
      'Smile Clinic',
      'Main St 12, Springfield',
      'Ana Pérez',
      '0101 Consultation',
      '0202 Composite filling (tooth 36)',
      '2 × $50.00 = $100.00',
      'Discount',
      '-$20.00',
      'Total',
      '$180.00',
      'Valid until',
      'Left to pay',
      '$126.00',
      'How to pay',
      'payment link',
    ]) {
      expect(text).toContain(part);
    }
    expect(quoteFileName(budget)).toBe('Quote 7.pdf');
  });

  test('a payment receipt names the payment, its method, who recorded it and what is left', async () => {
    const payment = budget.payments[0];
    if (!payment) throw new Error('no payment');
    const text = await textOf(await paymentReceiptPdf(budget, payment, clinic, money));
    for (const part of [
      'Receipt 7-11',
      'Smile Clinic',
      'Ana Pérez',
      'Received',
      '$54.00',
      'Cash',
      'Dr. Gómez',
      'Left to pay',
      '$126.00',
    ]) {
      expect(text).toContain(part);
    }
    expect(paymentReceiptFileName(budget, payment)).toBe('Receipt 7-11.pdf');
  });

  test('without a clinic loaded the quote still draws', async () => {
    const text = await textOf(await budgetQuotePdf({ ...budget, validUntil: null }, null, money));
    expect(text).toContain('No end date');
    expect(text).not.toContain('Address');
  });

  test('the quote travels to the mail route as base64 the contract takes', async () => {
    const pdf = await blobToBase64(await budgetQuotePdf(budget, clinic, money));
    expect(v.safeParse(QuoteMailSchema, { pdf }).success).toBe(true);
    expect(atob(pdf).startsWith('%PDF-')).toBe(true);
  });
});
