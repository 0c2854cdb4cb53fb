import { describe, expect, test } from 'vitest';
import { formatDay, isDateOrder, longDate } from './dates';

describe('the clinic date order', () => {
  test("SPEC's month/day/year by default, day/month/year when chosen", () => {
    expect(formatDay('2026-12-01')).toBe('12/01/2026');
    expect(formatDay('2026-12-01', 'mdy')).toBe('12/01/2026');
    expect(formatDay('2026-12-01', 'dmy')).toBe('01/12/2026');
    expect(formatDay('soon')).toBe('soon');
  });

  test('the long form names the weekday and the month, so no order can misread it', () => {
    expect(longDate('2026-12-01')).toBe('Tuesday, December 1, 2026');
    expect(longDate('2026-12-01', 'dmy')).toBe('Tuesday, 1 December 2026');
    expect(longDate('2026-13-01')).toBe('2026-13-01');
  });

  test('only the two orders are settings', () => {
    expect(isDateOrder('mdy')).toBe(true);
    expect(isDateOrder('dmy')).toBe(true);
    expect(isDateOrder('ymd')).toBe(false);
  });
});
