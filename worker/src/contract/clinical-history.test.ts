import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  type ClinicalHistoryAnswers,
  ClinicalHistoryInputSchema,
  CONDITION_KEYS,
  CONDITION_LABELS,
  historyEntries,
  OTHER_KEYS,
  openConditions,
} from './clinical-history';

const none = (): ClinicalHistoryAnswers =>
  Object.fromEntries([
    ...CONDITION_KEYS.map((k) => [k, false]),
    ...OTHER_KEYS.map((k) => [k, '']),
  ]) as ClinicalHistoryAnswers;

describe('historyEntries (PatientCH, the PDF)', () => {
  test('one entry per field, 37 in all, in the order of the form', () => {
    const entries = historyEntries(none());
    expect(entries).toHaveLength(37);
    expect(entries[0]).toEqual(['SMOKER', 'NO']);
    expect(entries.at(-1)).toEqual(['OTHER (BONE)', '—']);
  });

  test('the labels are English medical terms; the keys keep the specified spelling', () => {
    const entries = new Map(historyEntries(none()));
    for (const label of [
      'ALLERGIC TO MEDICATION',
      'EMPHYSEMA',
      'CIRRHOSIS',
      'WHITE BLOOD CELL DISORDER',
      'PULMONARY OEDEMA',
      'TAKES TRANQUILLISERS',
    ]) {
      expect(entries.get(label), label).toBe('NO');
    }
    expect(CONDITION_LABELS.ir_ephysemia).toBe('Emphysema');
    expect(CONDITION_LABELS.ig_cirrohsis).toBe('Cirrhosis');
    expect(CONDITION_LABELS.b_alergicToMedicine).toBe('Allergic to medication');
    expect(CONDITION_LABELS.ih_alterationWhiteSerie).toBe('White blood cell disorder');
    // one label per condition, none of them the key's words
    expect(Object.keys(CONDITION_LABELS).sort()).toEqual([...CONDITION_KEYS].sort());
  });

  test('prefixed names become upper-case labels; YES for a true flag; the other text as written', () => {
    const entries = new Map(
      historyEntries({ ...none(), ic_myocardialInfarction: true, b_other: 'Allergic to latex' }),
    );
    expect(entries.get('MYOCARDIAL INFARCTION')).toBe('YES');
    expect(entries.get('ANGINA PECTORIS')).toBe('NO');
    expect(entries.get('OTHER (GENERAL)')).toBe('Allergic to latex');
    expect(entries.get('OTHER (CARDIAC)')).toBe('—');
  });
});

describe('no answer is presumed', () => {
  test('a history with a condition left out is refused under that key; all answered passes', () => {
    const { ig_cirrohsis: _left, ...rest } = none();
    const result = v.safeParse(ClinicalHistoryInputSchema, { ...rest, patient: 1 });
    expect(result.success).toBe(false);
    expect(result.issues?.map((i) => v.getDotPath(i))).toEqual(['ig_cirrohsis']);
    expect(v.safeParse(ClinicalHistoryInputSchema, { ...none(), patient: 1 }).success).toBe(true);
  });

  test('openConditions lists the unanswered ones in the form order', () => {
    const draft = { ...none(), b_smoker: undefined, ib_rickets: undefined };
    expect(openConditions(draft)).toEqual(['b_smoker', 'ib_rickets']);
    expect(openConditions(none())).toEqual([]);
  });
});
