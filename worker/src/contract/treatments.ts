import * as v from 'valibot';
import type { TreatmentSchema } from './answers';
import { MSG } from './messages';
import { PageQuerySchema, requiredString } from './validation';
import { RecallMonthsSchema } from './waitlist';

/** A treatment of the clinic's price list; price in currency units. */
export type Treatment = v.InferOutput<typeof TreatmentSchema>;

/** The treatments table shows ten rows per page. */
export const TREATMENTS_PAGE_SIZE = 10;

/** Prices are whole cents in storage: a positive amount with at most two decimals, below a sane cap. */
export const PriceSchema = v.pipe(
  v.union([v.number(MSG.positiveNumber), v.string(MSG.positiveNumber)], MSG.positiveNumber),
  v.check((x) => String(x).trim() !== '', MSG.positiveNumber),
  v.transform((x) => Number(x)),
  v.check((x) => Number.isFinite(x) && x > 0 && x < 100_000_000, MSG.positiveNumber),
  v.transform((x) => Math.round(x * 100) / 100),
  // A price under a cent would be stored as 0: refused like any price that is not positive.
  v.check((x) => x > 0, MSG.positiveNumber),
);

/** PUT /api/treatments: {ID, price}. */
export const TreatmentPriceSchema = v.object({
  ID: v.pipe(
    requiredString(MSG.fieldRequired),
    v.trim(),
    v.nonEmpty(MSG.fieldRequired),
    v.maxLength(20, MSG.notFound),
  ),
  price: v.optional(PriceSchema, ''),
  /** Whole months, 1 to 60, or null to clear; absent leaves it as it is. */
  recallMonths: v.optional(RecallMonthsSchema),
});

/** `q` and the page of growing lists. */
export const TreatmentsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  ...PageQuerySchema.entries,
});

/** POST /api/treatments: a new treatment of the price list. */
export const TreatmentCreateSchema = v.object({
  ID: v.pipe(
    requiredString(MSG.fieldRequired),
    v.trim(),
    v.nonEmpty(MSG.fieldRequired),
    v.maxLength(20, MSG.tooLong),
    v.regex(/^[\w.-]+$/, MSG.fieldRequired),
  ),
  treatmentType: v.pipe(
    requiredString(MSG.fieldRequired),
    v.trim(),
    v.nonEmpty(MSG.fieldRequired),
    v.maxLength(100, MSG.tooLong),
  ),
  description: v.pipe(v.optional(v.string(MSG.fieldRequired), ''), v.trim(), v.maxLength(500, MSG.tooLong)),
  price: v.optional(PriceSchema, ''),
});

/** PUT /api/treatments/prices: the selected treatments' prices changed by a percentage (10 raises them 10%). */
export const TreatmentPercentSchema = v.object({
  IDs: v.pipe(
    v.array(
      v.pipe(v.string(MSG.selectTreatments), v.maxLength(20, MSG.selectTreatments)),
      MSG.selectTreatments,
    ),
    v.minLength(1, MSG.selectTreatments),
    v.maxLength(500, MSG.selectTreatments),
  ),
  percent: v.pipe(
    v.number(MSG.invalidPercent),
    v.check((x) => Number.isFinite(x) && x >= -90 && x <= 1000 && x !== 0, MSG.invalidPercent),
  ),
});

/** A price changed by a percentage, rounded to whole cents (never below one cent). */
export const withPercent = (priceCents: number, percent: number): number =>
  Math.max(Math.round(priceCents * (1 + percent / 100)), 1);
