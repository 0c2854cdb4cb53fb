import type { Evolution } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { balanceDue, clock, nextTurn } from '../patient/balance';
import { defaultDentition, toothName, workByTooth } from './teeth';

const note = (over: Partial<Evolution>): Evolution => ({
  ID: 1,
  date: '2026-03-02',
  observations: 'x',
  MedicID: 1,
  PatientID: 1,
  TreatmentID: '0201',
  toothID: 36,
  teeth: [{ toothID: 36, surfaces: ['M', 'O'] }],
  medic: 'Dr. Gregory House',
  treatment: 'Composite filling, one surface',
  treatmentType: 'fillings',
  ...over,
});

describe('teeth', () => {
  test('FDI names, permanent and primary', () => {
    expect(toothName(36)).toBe('lower left first molar');
    expect(toothName(11)).toBe('upper right central incisor');
    expect(toothName(75)).toBe('primary lower left second molar');
    expect(toothName(53)).toBe('primary upper right canine');
  });

  test('a child under 12 opens on the primary teeth', () => {
    expect(defaultDentition(10)).toBe('primary');
    expect(defaultDentition(12)).toBe('permanent');
    expect(defaultDentition(null)).toBe('permanent');
  });

  test('each tooth is coloured by its latest note and lists its notes newest first', () => {
    const older = note({ ID: 1, date: '2026-01-01' });
    const newer = note({
      ID: 2,
      date: '2026-04-01',
      treatmentType: 'endodontics',
      teeth: [
        { toothID: 36, surfaces: [] },
        { toothID: 37, surfaces: ['O'] },
      ],
    });
    const work = workByTooth([older, newer]);
    expect(work.get(36)?.kind).toBe('endodontics');
    expect(work.get(36)?.notes.map((n) => n.ID)).toEqual([2, 1]);
    expect(work.get(37)?.surfaces).toEqual(['O']);
    expect(work.has(11)).toBe(false);
  });
});

describe('the patient header', () => {
  test('balance due is the unpaid budgets of the patient', () => {
    const b = (PatientID: number, totalPrice: number, paid: boolean) =>
      ({ PatientID, totalPrice, paid }) as Parameters<typeof balanceDue>[0][number];
    expect(balanceDue([b(1, 100, false), b(1, 50, true), b(2, 70, false), b(1, 30, false)], 1)).toBe(130);
  });

  test('the next turn is the first from today on', () => {
    const t = (date: string, time: number) => ({ date, time }) as Parameters<typeof nextTurn>[0][number];
    expect(
      nextTurn([t('2026-01-01', 9), t('2026-05-02', 10), t('2026-05-02', 9.5)], '2026-03-01'),
    ).toMatchObject({
      date: '2026-05-02',
      time: 9.5,
    });
    expect(clock(9.5)).toBe('09:30');
  });
});
