import * as v from 'valibot';
import { MSG } from './messages';
import { isCalendarDate } from './person';
import { requiredString, requiredText } from './validation';

/**
 * Evolution: one treatment and one tooth. A one-element list is taken as its value (the calls as
 * first written sent pickers' lists); more than one gives `onlyOne`, none 'Please fill all the fields'.
 */
const one = (onlyOne: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => !Array.isArray(x) || x.length <= 1, onlyOne),
    v.transform((x) => (Array.isArray(x) ? (x[0] as unknown) : x)),
    v.check((x) => x !== undefined && x !== null && x !== '', MSG.fillAllFields),
  );

const oneId = (onlyOne: string) =>
  v.pipe(
    one(onlyOne),
    v.check(
      (x) => (typeof x === 'number' || typeof x === 'string') && /^\d+$/.test(String(x)),
      MSG.fillAllFields,
    ),
    v.transform((x) => Number(x)),
  );

/**
 * POST /api/evolutions (Evolution, Evolution). There is no medic field: the author of a
 * visit note is the signed-in medic, so the note always has exactly ONE medic, and one who signed it.
 */
export const EvolutionInputSchema = v.object({
  date: v.pipe(
    requiredString(MSG.fillAllFields),
    v.trim(),
    v.nonEmpty(MSG.fillAllFields),
    v.check(isCalendarDate, MSG.invalidDate),
  ),
  observations: requiredText(MSG.fillAllFields, 4000),
  PatientID: oneId(MSG.fillAllFields),
  TreatmentID: v.pipe(
    one(MSG.onlyOneTreatment),
    v.check((x) => typeof x === 'string' || typeof x === 'number', MSG.fillAllFields),
    v.transform((x) => String(x)),
  ),
  toothID: oneId(MSG.onlyOneTooth),
});

export type EvolutionInput = v.InferInput<typeof EvolutionInputSchema>;
export type EvolutionCreate = v.InferOutput<typeof EvolutionInputSchema>;

/** One row of GET /api/evolutions?PatientID= */
export interface Evolution {
  ID: number;
  date: string;
  observations: string;
  MedicID: number;
  PatientID: number;
  TreatmentID: string | null;
  toothID: number | null;
  /** "Dr. Gregory House": the medic as the patient page shows them. */
  medic: string;
  treatment: string | null;
}

/** GET /api/tooth (Tooth): FDI numbering, zone is the quadrant's name. */
export interface Tooth {
  ID: number;
  zone: string;
  position: number;
}
