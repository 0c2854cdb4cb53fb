import * as v from 'valibot';
import { MSG } from './messages';

/** Clinical history: seven groups, each with YES/NO conditions and one free-text 'other'. */
export const CLINICAL_HISTORY_GROUPS = [
  {
    prefix: 'b_',
    title: 'General',
    conditions: [
      'b_smoker',
      'b_useDrugs',
      'b_pregnant',
      'b_takeMedicine',
      'b_sufferedFromIllness',
      'b_alergicToMedicine',
      'b_normalWoundHealing',
    ],
    other: 'b_other',
  },
  {
    prefix: 'ic_',
    title: 'Cardiac',
    conditions: ['ic_anginaPectoris', 'ic_myocardialInfarction', 'ic_hypertension', 'ic_vascularAffections'],
    other: 'ic_other',
  },
  {
    prefix: 'ih_',
    title: 'Haematological',
    conditions: ['ih_anemia', 'ih_leukemia', 'ih_haemophilia', 'ih_alterationWhiteSerie'],
    other: 'ih_other',
  },
  {
    prefix: 'ir_',
    title: 'Respiratory',
    conditions: ['ir_asthma', 'ir_pulmonaryEdema', 'ir_ephysemia', 'ir_tuberculosis', 'ir_chronicBronchitis'],
    other: 'ir_other',
  },
  {
    prefix: 'ig_',
    title: 'Gastric',
    conditions: ['ig_ulcer', 'ig_hepatitis', 'ig_cirrohsis'],
    other: 'ig_other',
  },
  {
    prefix: 'in_',
    title: 'Neurological',
    conditions: ['in_epilepsy', 'in_useOfTranquilizers', 'in_seizures'],
    other: 'in_other',
  },
  {
    prefix: 'ib_',
    title: 'Bone',
    conditions: ['ib_osteoporosis', 'ib_paget', 'ib_rickets', 'ib_osteomalacia'],
    other: 'ib_other',
  },
] as const;

type Group = (typeof CLINICAL_HISTORY_GROUPS)[number];
export type ConditionKey = Group['conditions'][number];
export type OtherKey = Group['other'];

export const CONDITION_KEYS: readonly ConditionKey[] = CLINICAL_HISTORY_GROUPS.flatMap((g) => g.conditions);
export const OTHER_KEYS: readonly OtherKey[] = CLINICAL_HISTORY_GROUPS.map((g) => g.other);

/**
 * What people read for each condition, in the form, its summary, PatientCH and the PDF: correct
 * English medical terms. The keys keep the specified spelling ('ir_ephysemia', 'ig_cirrohsis').
 */
export const CONDITION_LABELS: Record<ConditionKey, string> = {
  b_smoker: 'Smoker',
  b_useDrugs: 'Uses recreational drugs',
  b_pregnant: 'Pregnant',
  b_takeMedicine: 'Takes medication',
  b_sufferedFromIllness: 'Has had a serious illness',
  b_alergicToMedicine: 'Allergic to medication',
  b_normalWoundHealing: 'Normal wound healing',
  ic_anginaPectoris: 'Angina pectoris',
  ic_myocardialInfarction: 'Myocardial infarction',
  ic_hypertension: 'Hypertension',
  ic_vascularAffections: 'Vascular disease',
  ih_anemia: 'Anaemia',
  ih_leukemia: 'Leukaemia',
  ih_haemophilia: 'Haemophilia',
  ih_alterationWhiteSerie: 'White blood cell disorder',
  ir_asthma: 'Asthma',
  ir_pulmonaryEdema: 'Pulmonary oedema',
  ir_ephysemia: 'Emphysema',
  ir_tuberculosis: 'Tuberculosis',
  ir_chronicBronchitis: 'Chronic bronchitis',
  ig_ulcer: 'Peptic ulcer',
  ig_hepatitis: 'Hepatitis',
  ig_cirrohsis: 'Cirrhosis',
  in_epilepsy: 'Epilepsy',
  in_useOfTranquilizers: 'Takes tranquillisers',
  in_seizures: 'Seizures',
  ib_osteoporosis: 'Osteoporosis',
  ib_paget: "Paget's disease of bone",
  ib_rickets: 'Rickets',
  ib_osteomalacia: 'Osteomalacia',
};

/** Every condition is answered YES (true) or NO (false): none is presumed. */
const yesNo = v.boolean(MSG.fieldRequired);
const otherText = v.optional(
  v.pipe(v.string(MSG.fieldRequired), v.trim(), v.maxLength(500, MSG.tooLong)),
  '',
);

const entries = Object.fromEntries([
  ...CONDITION_KEYS.map((k) => [k, yesNo] as const),
  ...OTHER_KEYS.map((k) => [k, otherText] as const),
]) as Record<ConditionKey, typeof yesNo> & Record<OtherKey, typeof otherText>;

/** POST /api/clinicalhistories: every flag answered (a missing one is 422), the 'other' texts, and the patient. */
export const ClinicalHistoryInputSchema = v.object(
  {
    ...entries,
    patient: v.pipe(
      v.union([v.number(), v.string()], MSG.fieldRequired),
      v.transform(Number),
      v.integer(MSG.fieldRequired),
      v.minValue(1, MSG.fieldRequired),
    ),
  },
  // A key left out (an unanswered condition) says so under its name.
  MSG.fieldRequired,
);

/** PUT /api/clinicalhistories/{patientId}: every flag answered again, and the 'other' texts (the patient is the path's). */
export const ClinicalHistoryUpdateSchema = v.object(entries, MSG.fieldRequired);
export type ClinicalHistoryUpdate = v.InferOutput<typeof ClinicalHistoryUpdateSchema>;

export type ClinicalHistoryCreate = v.InferOutput<typeof ClinicalHistoryInputSchema>;
export type ClinicalHistoryAnswers = Record<ConditionKey, boolean> & Record<OtherKey, string>;
/** The form's answers while it is being filled in: a condition is `undefined` until chosen. */
export type ClinicalHistoryDraft = Record<ConditionKey, boolean | undefined> & Record<OtherKey, string>;

/** The conditions of `draft` still unanswered, in the form's order. */
export const openConditions = (draft: ClinicalHistoryDraft): ConditionKey[] =>
  CONDITION_KEYS.filter((key) => draft[key] === undefined);

/**
 * The patient's clinical history as PatientCH lists it (and its PDF, up to 37 entries):
 * one entry per field, its label in upper case ('ig_cirrohsis' → 'CIRRHOSIS'),
 * each group's 'other' named after its group ('OTHER (CARDIAC)'), in the order of the form.
 */
export function historyEntries(history: ClinicalHistoryAnswers): [label: string, value: string][] {
  return CLINICAL_HISTORY_GROUPS.flatMap((g) => [
    ...g.conditions.map((key): [string, string] => [
      CONDITION_LABELS[key].toUpperCase(),
      history[key] ? 'YES' : 'NO',
    ]),
    [`OTHER (${g.title.toUpperCase()})`, history[g.other] || '—'] as [string, string],
  ]);
}

/** The answers alone, in the form's order (what a version keeps). */
export const answersOf = (history: ClinicalHistoryAnswers): ClinicalHistoryAnswers =>
  Object.fromEntries([
    ...CONDITION_KEYS.map((k) => [k, history[k] === true] as const),
    ...OTHER_KEYS.map((k) => [k, history[k] ?? ''] as const),
  ]) as ClinicalHistoryAnswers;

/** What changed from `before` to `after`: the fields in the form's order. */
export const changedFields = (
  before: ClinicalHistoryAnswers,
  after: ClinicalHistoryAnswers,
): (ConditionKey | OtherKey)[] =>
  CLINICAL_HISTORY_GROUPS.flatMap((g) => [...g.conditions, g.other]).filter(
    (k) => (before[k] ?? '') !== (after[k] ?? ''),
  );

/**
 * The alerts a dentist must see first: the conditions answered YES whose YES is a risk (all but
 * normal wound healing, whose risk is NO), each group's 'other' text when written.
 * Allergies, medication, pregnancy, bleeding disorders and cardiac conditions come first.
 */
const ALERT_FIRST: readonly ConditionKey[] = [
  'b_alergicToMedicine',
  'b_takeMedicine',
  'b_pregnant',
  'ih_haemophilia',
  'ih_leukemia',
  'ih_anemia',
  'ic_anginaPectoris',
  'ic_myocardialInfarction',
  'ic_hypertension',
  'ic_vascularAffections',
];

/** Conditions whose good answer is YES: NO is the warning. */
export const GOOD_WHEN_YES: readonly ConditionKey[] = ['b_normalWoundHealing'];

/** Whether an answer to `key` is a warning. */
export const isWarning = (key: ConditionKey, answer: boolean): boolean =>
  GOOD_WHEN_YES.includes(key) ? !answer : answer;

export function historyAlerts(history: ClinicalHistoryAnswers): string[] {
  const rest = CONDITION_KEYS.filter((k) => !ALERT_FIRST.includes(k));
  const conditions = [...ALERT_FIRST, ...rest]
    .filter((k) => isWarning(k, history[k]))
    .map((k) => (GOOD_WHEN_YES.includes(k) ? `${CONDITION_LABELS[k]}: NO` : CONDITION_LABELS[k]));
  const others = CLINICAL_HISTORY_GROUPS.filter((g) => history[g.other]?.trim()).map(
    (g) => `${g.title}: ${history[g.other].trim()}`,
  );
  return [...conditions, ...others];
}
