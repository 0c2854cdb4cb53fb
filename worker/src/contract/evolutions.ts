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

/** The surfaces of a tooth a note may name: mesial, occlusal, distal, buccal, lingual. */
export const SURFACES = ['M', 'O', 'D', 'B', 'L'] as const;
export type Surface = (typeof SURFACES)[number];

/** A tooth is FDI permanent (11–48) or primary (51–85): quadrant and position. */
export const isFdiTooth = (id: number): boolean => {
  const q = Math.floor(id / 10);
  const p = id % 10;
  return (q >= 1 && q <= 4 && p >= 1 && p <= 8) || (q >= 5 && q <= 8 && p >= 1 && p <= 5);
};

const toothIdOf = v.pipe(
  v.union([v.number(), v.string()], MSG.fillAllFields),
  v.check((x) => /^\d+$/.test(String(x)), MSG.fillAllFields),
  v.transform(Number),
);

/** One tooth of a note, with the surfaces worked on (each at most once; none for the whole tooth). */
export const EvolutionToothSchema = v.object({
  toothID: toothIdOf,
  surfaces: v.optional(
    v.pipe(
      v.array(v.picklist(SURFACES, MSG.invalidSurface), MSG.invalidSurface),
      v.check((list) => new Set(list).size === list.length, MSG.invalidSurface),
    ),
    [],
  ),
});

/**
 * The teeth of a note: one or more, each once. SPEC's single `toothID` is the same as
 * `teeth: [{ toothID }]`; with both, `toothID` must be one of `teeth`.
 */
const teethList = v.pipe(
  v.array(EvolutionToothSchema, MSG.fillAllFields),
  v.minLength(1, MSG.fillAllFields),
  v.maxLength(52, MSG.fillAllFields),
  v.check((list) => new Set(list.map((t) => t.toothID)).size === list.length, MSG.toothTwice),
);

/**
 * POST /api/evolutions (Evolution, Evolution). There is no medic field: the author of a
 * visit note is the signed-in medic, so the note always has exactly ONE medic, and one who signed it.
 */
const EvolutionFieldsSchema = v.object({
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
  toothID: v.optional(oneId(MSG.onlyOneTooth)),
  teeth: v.optional(teethList),
});

/** The note as written: `teeth` always (from `toothID` when only that came), `toothID` the first of them. */
export const EvolutionInputSchema = v.pipe(
  EvolutionFieldsSchema,
  v.forward(
    v.partialCheck(
      [['toothID'], ['teeth']],
      (x) => x.toothID !== undefined || x.teeth !== undefined,
      MSG.fillAllFields,
    ),
    ['toothID'],
  ),
  v.forward(
    v.partialCheck(
      [['toothID'], ['teeth']],
      (x) => x.toothID === undefined || !x.teeth || x.teeth.some((t) => t.toothID === x.toothID),
      MSG.toothNotInTeeth,
    ),
    ['toothID'],
  ),
  v.transform(({ toothID, teeth, ...rest }) => {
    const list = teeth ?? [{ toothID: toothID as number, surfaces: [] as Surface[] }];
    return { ...rest, toothID: toothID ?? (list[0]?.toothID as number), teeth: list };
  }),
);

export type EvolutionCreate = v.InferOutput<typeof EvolutionInputSchema>;

/** A tooth of a note as the API answers it. */
export interface EvolutionTooth {
  toothID: number;
  surfaces: Surface[];
}
