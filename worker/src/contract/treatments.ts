import * as v from 'valibot';
import { MSG } from './messages';
import { PageQuerySchema, requiredString } from './validation';
import { RecallMonthsSchema } from './waitlist';

/** A treatment of the clinic's price list; price in currency units. */
export interface Treatment {
  ID: string;
  creationDate: string;
  updateDate: string;
  treatmentType: string;
  description: string;
  price: number;
  ClinicID: number;
  /** A visit with this treatment brings the patient back after this many months (null: no recall). */
  recallMonths?: number | null;
}

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

export type TreatmentPriceInput = v.InferInput<typeof TreatmentPriceSchema>;

/** `q` and the page of growing lists. */
export const TreatmentsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  ...PageQuerySchema.entries,
});
