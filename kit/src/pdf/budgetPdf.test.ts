import { type BudgetDetails, type Clinic, formatMoney, QuoteMailSchema } from '@clinic/worker/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  budgetQuotePdf,
  paymentReceiptFileName,
  paymentReceiptPdf,
  quoteFileName,
  receiptFigures,
} from './budgetPdf';
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
  currency: 'ARS',
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

const line0101 = budget.treatments[0] as BudgetDetails['treatments'][number];
const cash = budget.payments[0] as BudgetDetails['payments'][number];

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

  // Lisa's budget: lines of 16,900 less a 400.25 discount; a 4,949.93 deposit, then the rest.
  const lisa: BudgetDetails = {
    ...budget,
    ID: 9,
    treatments: [{ ...line0101, price: 16_900, subTotalPrice: 16_900 }],
    discount: 400.25,
    discountPercent: null,
    totalPrice: 16_499.75,
    paid: true,
    paidAmount: 16_499.75,
    balance: 0,
    status: 'Completed',
    payments: [
      // listed out of order on purpose: the receipt orders them by date, then ID
      { ...cash, ID: 31, amount: 11_549.82, refundable: 11_549.82, date: '2026-11-25T09:00:00.000Z' },
      { ...cash, ID: 30, amount: 4_949.93, refundable: 4_949.93, date: '2026-11-22T15:30:00.000Z' },
    ],
  };

  test("a receipt's figures are those right after its payment, not today's", () => {
    const [rest, deposit] = lisa.payments as [
      BudgetDetails['payments'][number],
      BudgetDetails['payments'][number],
    ];
    expect(receiptFigures(lisa, deposit)).toEqual({ paidInAll: 4_949.93, leftToPay: 11_549.82 });
    expect(receiptFigures(lisa, rest)).toEqual({ paidInAll: 16_499.75, leftToPay: 0 });
  });

  test('the same date is ordered by ID, and only refunds recorded before the payment count', () => {
    const at = '2026-11-22T10:00:00.000Z';
    const budget2: BudgetDetails = {
      ...lisa,
      totalPrice: 1_000,
      payments: [
        { ...cash, ID: 1, amount: 300, date: at },
        { ...cash, ID: 2, amount: 200, date: at },
        {
          ...cash,
          ID: 3,
          kind: 'refund',
          method: 'card',
          refundOf: 1,
          amount: 100,
          date: '2026-11-23T10:00:00.000Z',
        },
        { ...cash, ID: 4, amount: 400, date: '2026-11-24T10:00:00.000Z' },
        {
          ...cash,
          ID: 5,
          kind: 'refund',
          method: 'card',
          refundOf: 4,
          amount: 50,
          date: '2026-11-25T10:00:00.000Z',
        },
      ],
    };
    const figures = (id: number) => {
      const p = budget2.payments.find((x) => x.ID === id);
      if (!p) throw new Error(`no payment ${id}`);
      return receiptFigures(budget2, p);
    };
    expect(figures(1)).toEqual({ paidInAll: 300, leftToPay: 700 });
    expect(figures(2)).toEqual({ paidInAll: 500, leftToPay: 500 });
    expect(figures(4)).toEqual({ paidInAll: 800, leftToPay: 200 });
  });

  test("the deposit's receipt prints what was paid by then, and the discount that makes the total", async () => {
    const deposit = lisa.payments[1];
    if (!deposit) throw new Error('no deposit');
    const text = await textOf(await paymentReceiptPdf(lisa, deposit, clinic, money));
    for (const part of [
      'Receipt 9-30',
      'Received',
      '$4949.93',
      'Discount',
      '-$400.25',
      'Budget total',
      '$16499.75',
      'Paid in all',
      'Left to pay',
      '$11549.82',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('$0.00');
  });

  test('a discount given as a percentage names it beside its amount, on the receipt and the quote', async () => {
    const tenPercent = { ...budget, discount: 20, discountPercent: 10, totalPrice: 180 };
    const payment = budget.payments[0];
    if (!payment) throw new Error('no payment');
    for (const pdf of [
      paymentReceiptPdf(tenPercent, payment, clinic, money),
      budgetQuotePdf(tenPercent, clinic, money),
    ]) {
      const text = await textOf(await pdf);
      expect(text).toContain('Discount (10%)');
      expect(text).toContain('-$20.00');
    }
  });

  test("the quote and the receipt print the budget's own currency, not the clinic's changed one", async () => {
    // The clinic now bills in USD; this budget was made in ARS and says so.
    const clinicNow = (n: number, currency = 'USD'): string => formatMoney(n, currency);
    const quote = await textOf(await budgetQuotePdf(budget, clinic, clinicNow));
    const receipt = await textOf(await paymentReceiptPdf(budget, cash, clinic, clinicNow));
    for (const text of [quote, receipt]) {
      expect(text).toContain('ARS');
      expect(text).not.toContain('USD');
      expect(text).not.toContain('$');
    }
    expect(quote).toMatch(/Total ARS\s180\.00/);
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
