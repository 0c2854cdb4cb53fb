import { describe, expect, test } from 'vitest';
import { monthLabel, monthStart, periodDates } from './period';

describe('report periods', () => {
  test('this month, the last 3 and 12 months start on the 1st, across a year', () => {
    expect(monthStart('2026-02-14', 0)).toBe('2026-02-01');
    expect(monthStart('2026-02-14', 2)).toBe('2025-12-01');
    expect(monthStart('2026-02-14', 11)).toBe('2025-03-01');
    expect(periodDates('last3', '2026-02-14', { from: '', to: '' })).toEqual({
      from: '2025-12-01',
      to: '2026-02-14',
    });
    expect(periodDates('range', '2026-02-14', { from: '2026-01-05', to: '2026-01-09' })).toEqual({
      from: '2026-01-05',
      to: '2026-01-09',
    });
  });
  test('a month is written with its name', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});
