import { describe, expect, test } from 'vitest';
import {
  CLOSED,
  daySummary,
  decimalToTime,
  emptyOfficeHours,
  formatHour12,
  formatOfficeHours,
  formatRange12h,
  hasWorkingDay,
  isOfficeHours,
  minutesToDecimal,
  parseOfficeHours,
  setDayHours,
  timeToDecimal,
} from './office-hours';

const MORNING = { min: 9, max: 13 };
const AFTERNOON = { min: 14.5, max: 18.75 };

describe('minutesToDecimal', () => {
  test.each([
    [0, 0],
    [15, 0.25],
    [30, 0.5],
    [45, 0.75],
    [10, 0],
    [59, 0],
  ])('%i minutes → %d', (minutes, decimal) => {
    expect(minutesToDecimal(minutes)).toBe(decimal);
  });
});

describe('timeToDecimal and decimalToTime', () => {
  test.each([
    ['09:00', 9],
    ['09:15', 9.25],
    ['09:30', 9.5],
    ['13:45', 13.75],
    ['00:00', 0],
    ['23:30', 23.5],
    ['08:10', 8],
  ])('%s → %d', (time, decimal) => {
    expect(timeToDecimal(time)).toBe(decimal);
  });

  test("a turn's time keeps every minute", () => {
    expect(timeToDecimal('09:40', { exact: true })).toBeCloseTo(9 + 40 / 60, 12);
    expect(decimalToTime(timeToDecimal('09:40', { exact: true }) ?? 0)).toBe('09:40');
    expect(timeToDecimal('09:30', { exact: true })).toBe(9.5);
  });

  test('malformed times are null', () => {
    for (const bad of ['', '9', '24:00', '12:60', 'ab:cd']) expect(timeToDecimal(bad)).toBeNull();
  });

  test.each([
    [9, '09:00'],
    [9.25, '09:15'],
    [9.5, '09:30'],
    [13.75, '13:45'],
    [0, '00:00'],
  ])('%d → %s, and back', (decimal, time) => {
    expect(decimalToTime(decimal)).toBe(time);
    expect(timeToDecimal(decimalToTime(decimal))).toBe(decimal);
  });
});

describe('12-hour style', () => {
  test.each([
    [9, '9:00 AM'],
    [9.5, '9:30 AM'],
    [11.75, '11:45 AM'],
    [12, '12:00 PM'],
    [12.25, '12:15 PM'],
    [13, '1:00 PM'],
    [18.5, '6:30 PM'],
    [0, '12:00 AM'],
    [24, '12:00 AM'],
  ])('%d → %s (AM before 12, else PM)', (decimal, text) => {
    expect(formatHour12(decimal)).toBe(text);
  });

  test('a day shows both ranges, or CLOSED', () => {
    expect(formatRange12h(MORNING)).toBe('9:00 AM - 1:00 PM');
    // the summary writes times as every other screen does: 24-hour HH:MM
    expect(daySummary([MORNING, AFTERNOON])).toBe('09:00 - 13:00 / 14:30 - 18:45');
    expect(daySummary([])).toBe(CLOSED);
    expect(daySummary(undefined)).toBe('CLOSED');
  });
});

describe('setDayHours (Working hours entry)', () => {
  test('the first weekday entry of the initial form fills Monday to Friday', () => {
    const hours = setDayHours(emptyOfficeHours(), 3, [MORNING, AFTERNOON], {
      fillWeekdaysOnFirstEntry: true,
    });
    expect(hours.map((d) => d.length)).toEqual([0, 2, 2, 2, 2, 2, 0]);
    expect(hours[1]).toEqual([MORNING, AFTERNOON]);
  });

  test('later entries set only their own day', () => {
    const first = setDayHours(emptyOfficeHours(), 1, [MORNING], { fillWeekdaysOnFirstEntry: true });
    const second = setDayHours(first, 5, [AFTERNOON], { fillWeekdaysOnFirstEntry: true });
    expect(second[1]).toEqual([MORNING]);
    expect(second[4]).toEqual([MORNING]);
    expect(second[5]).toEqual([AFTERNOON]);
  });

  test('Sunday and Saturday are set alone, even as the first entry', () => {
    const sat = setDayHours(emptyOfficeHours(), 6, [MORNING], { fillWeekdaysOnFirstEntry: true });
    expect(sat.map((d) => d.length)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    const sun = setDayHours(emptyOfficeHours(), 0, [MORNING], { fillWeekdaysOnFirstEntry: true });
    expect(sun.map((d) => d.length)).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  test('without the initial-form flag a weekday is set alone', () => {
    const hours = setDayHours(emptyOfficeHours(), 2, [MORNING]);
    expect(hours.map((d) => d.length)).toEqual([0, 0, 1, 0, 0, 0, 0]);
  });

  test('an empty entry closes the day; the input is not changed', () => {
    const open = setDayHours(emptyOfficeHours(), 2, [MORNING]);
    const closed = setDayHours(open, 2, []);
    expect(hasWorkingDay(closed)).toBe(false);
    expect(open[2]).toEqual([MORNING]);
  });
});

describe('JSON text', () => {
  test('round-trips: format then parse gives the same office hours', () => {
    const hours = setDayHours(emptyOfficeHours(), 1, [MORNING, AFTERNOON], {
      fillWeekdaysOnFirstEntry: true,
    });
    const text = formatOfficeHours(hours);
    expect(text).toBe(
      '[[],[{"min":9,"max":13},{"min":14.5,"max":18.75}],[{"min":9,"max":13},{"min":14.5,"max":18.75}],' +
        '[{"min":9,"max":13},{"min":14.5,"max":18.75}],[{"min":9,"max":13},{"min":14.5,"max":18.75}],' +
        '[{"min":9,"max":13},{"min":14.5,"max":18.75}],[]]',
    );
    expect(parseOfficeHours(text)).toEqual(hours);
  });

  test('drops unknown keys of a range', () => {
    const text = JSON.stringify([[{ min: 9, max: 10, extra: 1 }], [], [], [], [], [], []]);
    expect(formatOfficeHours(parseOfficeHours(text) ?? [])).toBe('[[{"min":9,"max":10}],[],[],[],[],[],[]]');
  });

  test.each([
    ['not json', 'text'],
    ['[]', 'no days'],
    ['[[],[],[],[],[],[]]', 'six days'],
    ['[[],[],[],[],[],[],[],[]]', 'eight days'],
    ['[[{"min":9,"max":9}],[],[],[],[],[],[]]', 'an empty range'],
    ['[[{"min":-1,"max":9}],[],[],[],[],[],[]]', 'before midnight'],
    ['[[{"min":9,"max":25}],[],[],[],[],[],[]]', 'past 24'],
    ['[[{"min":"9","max":10}],[],[],[],[],[],[]]', 'text hours'],
    ['[[{"min":9,"max":12},{"min":11,"max":13}],[],[],[],[],[],[]]', 'overlapping ranges'],
    ['[[{"min":1,"max":2},{"min":3,"max":4},{"min":5,"max":6}],[],[],[],[],[],[]]', 'three ranges'],
  ])('rejects %s (%s)', (text) => {
    expect(parseOfficeHours(text)).toBeNull();
  });

  test('accepts closed days and a morning-only day', () => {
    expect(isOfficeHours([[], [MORNING], [], [], [], [], []])).toBe(true);
  });
});
