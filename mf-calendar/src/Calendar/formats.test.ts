import { $clinic } from '@clinic/kit';
import type { Clinic } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { CALENDAR_FORMATS, clockTime, turnStart, turnText } from './formats';

const at = (h: number, m: number) => new Date(2026, 10, 25, h, m);
const range = { start: at(9, 0), end: at(14, 30) };

describe("the calendar's formats: the app's 24-hour times and month/day/year dates", () => {
  test('times read HH:MM in the gutter, the events and the agenda', () => {
    expect(clockTime(at(9, 5))).toBe('09:05');
    const { timeGutterFormat, eventTimeRangeFormat, agendaTimeRangeFormat, agendaTimeFormat } =
      CALENDAR_FORMATS;
    expect(typeof timeGutterFormat === 'function' && timeGutterFormat(at(13, 0))).toBe('13:00');
    expect(eventTimeRangeFormat?.(range)).toBe('09:00 – 14:30');
    expect(agendaTimeRangeFormat?.(range)).toBe('09:00 – 14:30');
    expect(typeof agendaTimeFormat === 'function' && agendaTimeFormat(at(0, 0))).toBe('00:00');
  });

  test('dates read month/day/year in the headers and the agenda', () => {
    const { dayFormat, dayHeaderFormat, agendaDateFormat, dayRangeHeaderFormat } = CALENDAR_FORMATS;
    // the week's columns leave out the year (the range above them has it), in either order
    expect(typeof dayFormat === 'function' && dayFormat(at(9, 0))).toBe('Wed 11/25');
    $clinic.set({ dateOrder: 'dmy' } as Clinic);
    expect(typeof dayFormat === 'function' && dayFormat(at(9, 0))).toBe('Wed 25/11');
    $clinic.set(null);
    expect(typeof dayHeaderFormat === 'function' && dayHeaderFormat(at(9, 0))).toBe('Wednesday 11/25/2026');
    expect(typeof agendaDateFormat === 'function' && agendaDateFormat(at(9, 0))).toBe('Wed 11/25/2026');
    expect(dayRangeHeaderFormat?.({ start: at(0, 0), end: new Date(2026, 10, 28) })).toBe(
      '11/25/2026 – 11/28/2026',
    );
  });
});

test("a turn's start is its date and decimal time on the browser's clock, to the minute", () => {
  expect(turnStart('2026-11-25', 9.5)).toEqual(at(9, 30));
  expect(turnStart('2026-11-25', 14 + 1 / 3)).toEqual(at(14, 20));
});

describe("a turn's text in the week and day grids", () => {
  const turn = {
    userPatient: { name: 'Lisa', lastName: 'Simpson', document: '35123456' },
    patientAccepts: true,
    emailConfirmed: true,
  };

  test('the day view writes the start, then the patient', () => {
    expect(turnText(turn, 12.5)).toBe('12:30 Simpson, Lisa');
  });

  test("the week's narrow columns write the patient first, so a short turn shows who it is for", () => {
    expect(turnText(turn, 12.5, true)).toBe('Simpson, Lisa 12:30');
  });

  test('what the turn still waits for follows', () => {
    expect(turnText({ ...turn, patientAccepts: false, emailConfirmed: false }, 9, true)).toBe(
      'Simpson, Lisa 09:00 (Pending...) (Email not confirmed)',
    );
  });
});
