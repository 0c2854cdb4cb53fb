import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { describeAccess, screenViewOf } from './access-log';
import {
  type ClinicalHistoryAnswers,
  CONDITION_KEYS,
  changedFields,
  historyAlerts,
  OTHER_KEYS,
} from './clinical-history';
import { EvolutionInputSchema } from './evolutions';

const none = (): ClinicalHistoryAnswers =>
  Object.fromEntries([
    ...CONDITION_KEYS.map((k) => [k, false]),
    ...OTHER_KEYS.map((k) => [k, '']),
  ]) as ClinicalHistoryAnswers;

describe('an evolution on several teeth', () => {
  const base = { date: '2026-03-02', observations: 'Fillings', PatientID: 1, TreatmentID: '0202' };

  test("SPEC's single toothID is one tooth without surfaces", () => {
    const out = v.parse(EvolutionInputSchema, { ...base, toothID: 36 });
    expect(out.teeth).toEqual([{ toothID: 36, surfaces: [] }]);
    expect(out.toothID).toBe(36);
  });

  test('teeth with surfaces; toothID is the first', () => {
    const out = v.parse(EvolutionInputSchema, {
      ...base,
      teeth: [
        { toothID: 36, surfaces: ['O', 'M'] },
        { toothID: '37', surfaces: ['O'] },
      ],
    });
    expect(out.toothID).toBe(36);
    expect(out.teeth).toEqual([
      { toothID: 36, surfaces: ['O', 'M'] },
      { toothID: 37, surfaces: ['O'] },
    ]);
  });
});

describe('the clinical history kept current', () => {
  test('alerts: a YES that is a risk, allergies first; normal wound healing YES is no warning, NO is', () => {
    const h = { ...none(), b_normalWoundHealing: true, ic_hypertension: true, b_alergicToMedicine: true };
    expect(historyAlerts(h)).toEqual(['Allergic to medication', 'Hypertension']);
    expect(historyAlerts({ ...none(), b_normalWoundHealing: false, b_other: 'Penicillin' })).toEqual([
      'Normal wound healing: NO',
      'General: Penicillin',
    ]);
  });

  test('what changed between two versions, in the form order', () => {
    expect(changedFields(none(), { ...none(), b_pregnant: true, ib_other: 'x' })).toEqual([
      'b_pregnant',
      'ib_other',
    ]);
  });
});

describe('the access log in words', () => {
  const read = (action: string, status = 200) => ({ action, status, route: 'GET /api/x' });

  test("a screen's reads are the screen opened; no history yet is done, not refused", () => {
    expect(
      describeAccess(
        '/home/:patientID;abcdefgh-1',
        [read('read patient'), read('read clinical history', 404)],
        true,
      ),
    ).toEqual({ action: 'opened the patient page', result: 'Done' });
    expect(describeAccess(null, [read('read patient', 404)], true)).toEqual({
      action: "opened the patient's details",
      result: 'Refused',
    });
  });

  test("someone kept out of another patient's record is refused, even on 'no history yet' reads", () => {
    expect(describeAccess(null, [read('read clinical history', 404)], false)).toEqual({
      action: 'read the clinical history',
      result: 'Refused',
    });
    expect(describeAccess(null, [read('read clinical history versions', 404)], false).result).toBe('Refused');
  });

  test('a write is itself, even from a screen; unknown screens fall back to the words of each action', () => {
    expect(
      describeAccess(
        '/home/:patientID;abcdefgh-1',
        [{ action: 'create evolution', status: 201, route: 'POST /api/evolutions' }],
        true,
      ),
    ).toEqual({ action: 'added a visit note', result: 'Done' });
    expect(
      describeAccess('/home/nowhere;abcdefgh-1', [read('read studies'), read('read evolutions')], true)
        .action,
    ).toBe('read the studies, read the visit notes');
  });

  test('only a well-formed view header is kept', () => {
    expect(screenViewOf('/home/:patientID;0b7c2f7e-1111')).toBe('/home/:patientID;0b7c2f7e-1111');
    expect(screenViewOf('pdf:history;0b7c2f7e-1111')).toBe('pdf:history;0b7c2f7e-1111');
    expect(screenViewOf('GET /api/x; drop')).toBeNull();
    expect(screenViewOf(undefined)).toBeNull();
  });
});
