import { describe, expect, test } from 'vitest';
import {
  capitalize,
  countOf,
  formatDate,
  formatLongDate,
  hoursToMinutes,
  setDateOrder,
  todayIso,
} from './format';

describe('formatDate', () => {
  test('shows a plain YYYY-MM-DD as month/day/year without a time-zone shift', () => {
    expect(formatDate('2026-03-01')).toBe('03/01/2026');
  });
  test('shows a Date in local time', () => {
    expect(formatDate(new Date(2026, 11, 24, 23, 30))).toBe('12/24/2026');
  });
  test("follows the clinic's date order: day/month/year when it chose it", () => {
    setDateOrder('dmy');
    try {
      expect(formatDate('2026-12-01')).toBe('01/12/2026');
      expect(formatDate(new Date(2026, 11, 24, 23, 30))).toBe('24/12/2026');
    } finally {
      setDateOrder('mdy');
    }
    expect(formatDate('2026-12-01')).toBe('12/01/2026');
  });
  test('gives an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatLongDate', () => {
  test("writes the weekday and the month's name, in the clinic's date order", () => {
    expect(formatLongDate('2026-12-01')).toBe('Tuesday, December 1, 2026');
    setDateOrder('dmy');
    try {
      expect(formatLongDate('2026-12-01')).toBe('Tuesday, 1 December 2026');
    } finally {
      setDateOrder('mdy');
    }
  });
});

describe('helpers', () => {
  test('hoursToMinutes rounds to whole minutes', () => {
    expect(hoursToMinutes(0.5)).toBe(30);
    expect(hoursToMinutes(1 / 3)).toBe(20);
  });
  test('capitalize lowers the rest of the word', () => {
    expect(capitalize('jOHN')).toBe('John');
    expect(capitalize('')).toBe('');
  });
  test('todayIso is the local calendar date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('countOf', () => {
  test('an exact count: singular for one, plural otherwise', () => {
    expect(countOf({ total: 1, exact: true }, 'patient')).toBe('1 patient');
    expect(countOf({ total: 0, exact: true }, 'patient')).toBe('0 patients');
    expect(countOf({ total: 12, exact: true }, 'budget')).toBe('12 budgets');
  });

  test('a lower bound reads "N+"', () => {
    expect(countOf({ total: 80, exact: false }, 'patient')).toBe('80+ patients');
  });
});
