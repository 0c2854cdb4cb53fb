import { type BookedTurn, MAX_DURATION_MINUTES, MSG, type OfficeHours } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { checkTurnForm, type TurnFormValues } from './turnForm';

// 2030-01-07 is a Monday; the clinic opens Mondays 8 to 20.
const MONDAY = '2030-01-07';
const HOURS: OfficeHours = [[], [{ min: 8, max: 20 }], [], [], [], [], []];
const BOOKED = { ID: 9, date: MONDAY, time: 10, duration: 1 } as const;

const clinic = (turns: readonly BookedTurn[] = []) => ({
  from: '2030-01-01',
  officeHours: HOURS,
  turnsOf: (date: string) => turns.filter((t) => t.date === date),
});

const form = (change: Partial<TurnFormValues> = {}): TurnFormValues => ({
  patientId: 3,
  date: MONDAY,
  time: '09:45',
  minutes: '30',
  description: '  Cleaning ',
  ...change,
});

describe("'Create a Turn' checked by the contract's turn schema", () => {
  test('a valid turn becomes exactly the body the server reads, in decimal hours', () => {
    const checked = checkTurnForm(form(), clinic());
    expect(checked).toEqual({
      ok: true,
      body: { date: MONDAY, time: 9.75, duration: 0.5, description: 'Cleaning', PatientID: 3 },
    });
  });

  test("the schema's messages: no patient, a bad time, a blank description", () => {
    const checked = checkTurnForm(form({ patientId: null, time: '9', description: ' ' }), clinic());
    expect(checked).toEqual({
      ok: false,
      errors: {
        PatientID: { msg: MSG.selectPatient },
        time: { msg: MSG.turnTimeInvalid },
        description: { msg: MSG.turnDescriptionRequired },
      },
    });
  });

  test('a time off the quarter hour is kept to the minute, not moved to the hour', () => {
    const checked = checkTurnForm(form({ time: '09:40' }), clinic());
    expect(checked.ok && checked.body.time).toBeCloseTo(9 + 40 / 60, 12);
  });

  test('a turn lasts at most a working day and at least five minutes, in whole minutes', () => {
    const longest = String(MAX_DURATION_MINUTES);
    expect(checkTurnForm(form({ time: '08:00', minutes: longest }), clinic()).ok).toBe(true);
    for (const minutes of [String(MAX_DURATION_MINUTES + 1), '4', '7.5', '']) {
      expect(checkTurnForm(form({ minutes }), clinic())).toEqual({
        ok: false,
        errors: { duration: { msg: MSG.turnDurationInvalid } },
      });
    }
  });

  test('a date before tomorrow is refused', () => {
    expect(checkTurnForm(form({ date: '2029-12-31' }), clinic())).toEqual({
      ok: false,
      errors: { date: { msg: MSG.chooseFromTomorrow } },
    });
  });

  test('a slot outside the office hours, or over a loaded turn, is taken', () => {
    const taken = { ok: false, errors: { time: { msg: MSG.outOfOfficeHoursOrTaken } } };
    expect(checkTurnForm(form({ time: '19:45' }), clinic())).toEqual(taken);
    expect(checkTurnForm(form({ date: '2030-01-08' }), clinic())).toEqual(taken);
    expect(checkTurnForm(form({ time: '10:30' }), clinic([BOOKED]))).toEqual(taken);
    expect(checkTurnForm(form({ time: '11:00' }), clinic([BOOKED])).ok).toBe(true);
  });
});

describe("'Create a Turn' for the desk", () => {
  test('another medic: the body names them, and only their turns take the slot', () => {
    const theirs = { ...BOOKED, MedicID: 2 };
    const mine = checkTurnForm(form({ time: '10:00', medicId: 1 }), clinic([theirs]));
    expect(mine).toMatchObject({ ok: true, body: { time: 10, MedicID: 1 } });
    const clash = checkTurnForm(form({ time: '10:00', medicId: 2 }), clinic([theirs]));
    expect(clash).toEqual({ ok: false, errors: { time: { msg: MSG.outOfOfficeHoursOrTaken } } });
  });

  test('today: a start later than now is fine, an earlier one is refused', () => {
    const today = { ...clinic(), from: MONDAY, now: { date: MONDAY, hours: 12 } };
    expect(checkTurnForm(form({ time: '13:00' }), today).ok).toBe(true);
    expect(checkTurnForm(form({ time: '11:00' }), today)).toEqual({
      ok: false,
      errors: { time: { msg: MSG.startLaterThanNow } },
    });
  });
});
