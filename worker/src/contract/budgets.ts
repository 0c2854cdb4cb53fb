import * as v from 'valibot';
import { FormatQuery } from './format';
import { MSG } from './messages';
import { foldText } from './person';
import { PageQuerySchema, requiredText } from './validation';

/** One line of a budget (Budget.treatments); money in currency units. */
export interface BudgetLine {
  /** The treatment's code, e.g. '0101'. */
  ID: string;
  treatmentType: string;
  description: string;
  price: number;
  quantity: number;
  subTotalPrice: number;
  /** The tooth (FDI) the line is for, or null. */
  toothID: number | null;
}

/** Where a payment came from, or where a refund went. */
export const PAYMENT_METHODS = ['online', 'cash', 'card', 'transfer', 'credit', 'earlier'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How a refund not kept as a credit (`to: 'card'`) goes back, by how its payment was made: its
 * label on the summary's Refund form and the patient's mail. Null: a payment made with credit
 * goes back only as credit.
 */
export function refundBackWay(method: PaymentMethod): { label: string; mail: string } | null {
  if (method === 'credit') return null;
  if (method === 'cash')
    return { label: 'Back in cash', mail: 'It is given back to you in cash at the clinic.' };
  if (method === 'transfer')
    return { label: 'Back by bank transfer', mail: 'It is sent back to you by bank transfer.' };
  return { label: 'The card', mail: 'It goes back to the card you paid with.' };
}
/** The methods a medic records at the desk. */
export const DESK_METHODS = ['cash', 'card', 'transfer'] as const;

/** One payment or refund of a budget; amounts in currency units. */
export interface BudgetPayment {
  ID: number;
  kind: 'payment' | 'refund';
  method: PaymentMethod;
  amount: number;
  /** A refund's reason. */
  reason: string | null;
  /** The payment a refund gives back. */
  refundOf: number | null;
  /** What of a payment can still be refunded (0 for refunds). */
  refundable: number;
  /** Who recorded it (a medic's name), null for online payments. */
  by: string | null;
  date: string;
}

/** Pending (nothing paid), Partly paid, Completed (balance 0), or Voided. */
export type BudgetStatus = 'Pending' | 'Partly paid' | 'Completed' | 'Voided';

/** 'Completed' when paid, otherwise 'Pending'. */
export const paymentStatus = (paid: boolean): 'Completed' | 'Pending' => (paid ? 'Completed' : 'Pending');

/** A budget's status from its money: voided, paid (balance 0), something paid, or nothing yet. */
export function budgetStatus(b: { voided: boolean; paid: boolean; paidCents: number }): BudgetStatus {
  if (b.voided) return 'Voided';
  if (b.paid) return 'Completed';
  return b.paidCents > 0 ? 'Partly paid' : 'Pending';
}

/**
 * A budget's money in cents: each line's price times its quantity, their sum, less the discount
 * (never below zero). The builder shows it while the medic edits; the server stores it.
 */
export function budgetTotal(
  lines: readonly { priceCents: number; quantity: number }[],
  discountCents = 0,
): { subTotals: number[]; subTotal: number; total: number } {
  const subTotals = lines.map((l) => l.priceCents * l.quantity);
  const subTotal = subTotals.reduce((sum, n) => sum + n, 0);
  return { subTotals, subTotal, total: Math.max(subTotal - discountCents, 0) };
}

/** Quantity minimum 1; a sane upper bound keeps totals far from overflow. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 999;

const positiveId = (msg: string) =>
  v.pipe(
    v.union([v.number(msg), v.pipe(v.string(msg), v.regex(/^\d+$/, msg), v.transform(Number))], msg),
    v.integer(msg),
    v.minValue(1, msg),
  );

const BudgetLineInputSchema = v.object({
  ID: requiredText(MSG.treatmentRequired, 20),
  quantity: v.pipe(
    v.optional(v.number(MSG.quantityMin), 0),
    v.integer(MSG.quantityMin),
    v.minValue(QUANTITY_MIN, MSG.quantityMin),
    v.maxValue(QUANTITY_MAX, MSG.quantityMax),
  ),
  toothID: v.optional(
    v.nullable(
      v.pipe(v.number(MSG.invalidTooth), v.integer(MSG.invalidTooth), v.check(isTooth, MSG.invalidTooth)),
    ),
    null,
  ),
});

/** FDI: permanent teeth 11–48, primary 51–85. */
export function isTooth(n: number): boolean {
  const zone = Math.floor(n / 10);
  const position = n % 10;
  if (zone >= 1 && zone <= 4) return position >= 1 && position <= 8;
  if (zone >= 5 && zone <= 8) return position >= 1 && position <= 5;
  return false;
}

/**
 * The JSON text of budget lines as a list of objects. Text that does not parse, or is not a list of
 * objects, reads as no list at all, so the check after it answers 'A Treatment is required'.
 */
function parseLines(text: string): unknown {
  try {
    const lines: unknown = JSON.parse(text);
    return Array.isArray(lines) &&
      lines.every((l) => typeof l === 'object' && l !== null && !Array.isArray(l))
      ? lines
      : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/Budgets: a patient and at least one treatment. The lines come as an array
 * or as the JSON text of lines the budget itself carries; either way only IDs and quantities are
 * read: prices come from the clinic's price list, never from the caller.
 */
export const BudgetCreateSchema = v.object({
  PatientID: v.optional(positiveId(MSG.patientRequiredForBudget), 0),
  treatments: v.pipe(
    v.optional(v.unknown(), []),
    v.transform((x) => (typeof x === 'string' ? parseLines(x) : x)),
    v.array(BudgetLineInputSchema, MSG.treatmentRequired),
    v.minLength(1, MSG.treatmentRequired),
    v.maxLength(100, MSG.tooManyBudgetLines),
  ),
  discount: v.optional(
    v.nullable(
      v.pipe(
        v.number(MSG.invalidDiscount),
        v.check((x) => Number.isFinite(x) && x >= 0 && x < 100_000_000, MSG.invalidDiscount),
      ),
    ),
    null,
  ),
  /** A discount as a percentage of the lines' sum, instead of an amount (the server works out the amount). */
  discountPercent: v.optional(
    v.nullable(
      v.pipe(
        v.number(MSG.invalidDiscountPercent),
        v.check((x) => Number.isFinite(x) && x >= 0 && x <= 100, MSG.invalidDiscountPercent),
      ),
    ),
    null,
  ),
  validUntil: v.optional(
    v.nullable(v.pipe(v.string(MSG.invalidValidUntil), v.isoDate(MSG.invalidValidUntil))),
    null,
  ),
  /** Also make the budget's payment link, in the same call: all of it or nothing. */
  withPaymentLink: v.optional(v.boolean(), false),
});

export type BudgetCreate = v.InferOutput<typeof BudgetCreateSchema>;

/**
 * Where a Pay button may send a patient: an https page (Stripe Checkout), or the local demo
 * checkout the worker serves on a loopback address. Never `javascript:`, `data:` or plain http.
 */
export function isPaymentLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) &&
    url.pathname.startsWith('/api/payments/demo-checkout/')
  );
}

/**
 * PUT /api/Budgets: `{ID, linkPayment, idPayment}` after creation, or `{ID, paid: true}`
 * from the summary's Pending button, or the whole listed budget less its link with `paid: true`.
 * Only `paid: true`, `linkPayment` and `idPayment` are ever written: any other field the listed
 * budget carries (treatments, totals, patient names) is ignored, and a null link or payment id
 * means "unchanged". A paid budget is never made unpaid.
 */
export const BudgetUpdateSchema = v.object({
  ID: v.optional(positiveId(MSG.budgetNotFound), 0),
  linkPayment: v.pipe(
    v.nullish(
      v.pipe(
        v.string(MSG.invalidPaymentLink),
        v.maxLength(2000, MSG.invalidPaymentLink),
        v.url(MSG.invalidPaymentLink),
        v.check(isPaymentLink, MSG.linkPaymentHttps),
      ),
    ),
    v.transform((x) => x ?? undefined),
  ),
  idPayment: v.pipe(
    v.nullish(v.pipe(v.string(MSG.invalidPaymentLink), v.trim(), v.maxLength(255))),
    v.transform((x) => x ?? undefined),
  ),
  paid: v.optional(v.literal(true, MSG.paidOnlyTrue)),
  /** How a desk 'Mark as paid' was paid (cash by default). */
  method: v.optional(v.picklist(DESK_METHODS, MSG.invalidPaymentMethod), 'cash'),
  /** Present (and not marking paid): the pending budget is changed, read with BudgetEditSchema. */
  treatments: v.optional(v.unknown()),
});

/** PUT /api/Budgets with `treatments`: the pending budget changed (its lines, discount, validity). */
export const BudgetEditSchema = v.object({
  ID: v.optional(positiveId(MSG.budgetNotFound), 0),
  treatments: BudgetCreateSchema.entries.treatments,
  discount: BudgetCreateSchema.entries.discount,
  discountPercent: BudgetCreateSchema.entries.discountPercent,
  validUntil: BudgetCreateSchema.entries.validUntil,
});
export type BudgetEdit = v.InferOutput<typeof BudgetEditSchema>;

/** An amount of money in currency units: above zero, whole cents. */
export const AmountSchema = v.pipe(
  v.number(MSG.invalidAmount),
  v.check(
    (x) => Number.isFinite(x) && x > 0 && x < 100_000_000 && Math.abs(x * 100 - Math.round(x * 100)) < 1e-6,
    MSG.invalidAmount,
  ),
);

/** POST /api/Budgets/{id}/void. */
export const BudgetVoidSchema = v.object({
  reason: v.pipe(
    v.optional(v.string(MSG.voidReasonRequired), ''),
    v.trim(),
    v.nonEmpty(MSG.voidReasonRequired),
    v.maxLength(500, MSG.tooLong),
  ),
});

/** POST /api/Budgets/{id}/payments: a payment recorded at the desk; amount defaults to the balance. */
export const DeskPaymentSchema = v.object({
  amount: v.optional(AmountSchema),
  method: v.optional(v.picklist(DESK_METHODS, MSG.invalidPaymentMethod), 'cash'),
});

/** POST /api/Budgets/{id}/refunds: part or all of one payment back, to the card or as a credit. */
export const RefundSchema = v.object({
  paymentId: v.pipe(
    v.number(MSG.paymentNotFound),
    v.integer(MSG.paymentNotFound),
    v.minValue(1, MSG.paymentNotFound),
  ),
  amount: v.optional(AmountSchema),
  reason: v.pipe(
    v.optional(v.string(MSG.refundReasonRequired), ''),
    v.trim(),
    v.nonEmpty(MSG.refundReasonRequired),
    v.maxLength(500, MSG.tooLong),
  ),
  to: v.picklist(['card', 'credit'], MSG.invalidRefundTo),
});

/** The most a mailed quote PDF may weigh, as base64 text (about 600 KB of PDF, inside the 1 MB JSON body limit). */
export const QUOTE_PDF_MAX_BASE64 = 800_000;

/** POST /api/Budgets/{id}/quote-mail: the quote PDF as the screen drew it, base64 ('%PDF-' first). */
export const QuoteMailSchema = v.object({
  pdf: v.pipe(
    v.string(MSG.quotePdfInvalid),
    v.maxLength(QUOTE_PDF_MAX_BASE64, MSG.quotePdfInvalid),
    // 'JVBERi0' is '%PDF-' in base64: a PDF and nothing else.
    v.regex(/^JVBERi0[A-Za-z0-9+/]*={0,2}$/, MSG.quotePdfInvalid),
  ),
});

/** POST /api/payments/create_preference: the budget (only its ID is read). */
export const PreferenceSchema = v.object({
  ID: v.optional(positiveId(MSG.budgetNotFound), 0),
  /** A deposit: part of the balance, at least the clinic's minimum share; the whole balance when absent. */
  amount: v.optional(AmountSchema),
});

export const BUDGET_SORTS = [
  'date_desc',
  'date_asc',
  'name_asc',
  'name_desc',
  'amount_asc',
  'amount_desc',
] as const;
export type BudgetSort = (typeof BUDGET_SORTS)[number];

/**
 * GET /api/Budgets: `q` is a patient's name (case-insensitive substring) or, when
 * digits only, a substring of their document; `paid` filters; `sort` orders, newest first by default.
 */
export const BudgetsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  paid: v.optional(v.picklist(['true', 'false'])),
  sort: v.optional(v.picklist(BUDGET_SORTS), 'date_desc'),
  ...PageQuerySchema.entries,
  /** `csv`: every match as a CSV file (lib/csv.ts) instead of a JSON page. */
  format: FormatQuery,
});

export type BudgetsQuery = v.InferOutput<typeof BudgetsQuerySchema>;

/** The search term as a list of budgets or turns reads it: digits search documents, anything else names. */
export function parseListSearch(q: string): { kind: 'none' } | { kind: 'document' | 'name'; term: string } {
  const term = foldText(q.trim().replace(/\s+/g, ' '));
  if (term === '') return { kind: 'none' };
  return /^\d+$/.test(term) ? { kind: 'document', term } : { kind: 'name', term };
}
