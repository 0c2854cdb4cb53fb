import { describe, expect, test } from 'vitest';
import { type ClinicalHistoryAnswers, CONDITION_KEYS, historyEntries, OTHER_KEYS } from './clinical-history';

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
