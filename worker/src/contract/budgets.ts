import * as v from 'valibot';
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
}

/** One row of GET /api/Budgets (Budget with its derived patient fields). */
export interface Budget {
  ID: number;
  PatientID: number;
  patientFullName: string;
  patientDocument: string;
  treatments: BudgetLine[];
  discount: number | null;
  totalPrice: number;
  paid: boolean;
  linkPayment: string | null;
  idPayment: string | null;
  creationDate: string;
  updateDate: string;
}

/** GET /api/Budgets/{id}: the budget and what the summary shows of its patient (Budget summary). */
export interface BudgetDetails extends Budget {
  patient: {
    name: string;
    lastName: string;
    age: number | null;
    document: string;
    cellphone: string;
    medicalService: string;
  };
}

/** POST /api/payments/create_preference answers where to pay and the payment's id. */
export interface PaymentPreference {
  linkPayment: string;
  id: string;
}

/** 'Completed' when paid, otherwise 'Pending'. */
export const paymentStatus = (paid: boolean): 'Completed' | 'Pending' => (paid ? 'Completed' : 'Pending');

/** Currency units to whole cents, the way budgets are stored. */
export const toCents = (amount: number): number => Math.round(amount * 100);

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
});

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
  /** Also make the budget's payment link, in the same call: all of it or nothing. */
  withPaymentLink: v.optional(v.boolean(), false),
});

export type BudgetCreateInput = v.InferInput<typeof BudgetCreateSchema>;
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
});

export type BudgetUpdateInput = v.InferInput<typeof BudgetUpdateSchema>;

/** POST /api/payments/create_preference: the budget (only its ID is read). */
export const PreferenceSchema = v.object({ ID: v.optional(positiveId(MSG.budgetNotFound), 0) });

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
});

export type BudgetsQuery = v.InferOutput<typeof BudgetsQuerySchema>;

/** The search term as the list reads it: digits search documents, anything else names. */
export function parseBudgetSearch(q: string): { kind: 'none' } | { kind: 'document' | 'name'; term: string } {
  const term = foldText(q.trim().replace(/\s+/g, ' '));
  if (term === '') return { kind: 'none' };
  return /^\d+$/.test(term) ? { kind: 'document', term } : { kind: 'name', term };
}
