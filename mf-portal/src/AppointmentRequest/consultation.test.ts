import { describe, expect, test } from 'vitest';
import { heldConsultation } from './consultation';

const turn = (ID: number, date: string, time: number, isConsultation: boolean) => ({
  ID,
  date,
  time,
  isConsultation,
});

describe('the consultation a patient holds, which keeps them from booking another', () => {
  test('is their consultation turn from tomorrow on', () => {
    expect(heldConsultation([turn(7, '2031-03-04', 10, true)], '2031-03-04')?.ID).toBe(7);
  });
  test('is none when they hold no turn, or only turns that are not consultations', () => {
    expect(heldConsultation([], '2031-03-04')).toBeUndefined();
    expect(heldConsultation([turn(8, '2031-03-05', 9, false)], '2031-03-04')).toBeUndefined();
  });
  test("is none for today's consultation: the server lets them book from tomorrow", () => {
    expect(heldConsultation([turn(9, '2031-03-03', 16, true)], '2031-03-04')).toBeUndefined();
  });
  test('is the consultation even when another kind of turn comes first, the earliest of several', () => {
    const turns = [
      turn(1, '2031-03-04', 9, false),
      turn(3, '2031-03-20', 11, true),
      turn(2, '2031-03-20', 10, true),
    ];
    expect(heldConsultation(turns, '2031-03-04')?.ID).toBe(2);
  });
});
