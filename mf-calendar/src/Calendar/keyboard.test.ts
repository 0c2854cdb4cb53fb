import { describe, expect, test } from 'vitest';
import { dayMove } from './keyboard';

describe("the month grid's arrow keys", () => {
  test('move a day sideways and a week up or down, across months', () => {
    expect(dayMove('ArrowRight', '2026-11-30')).toBe('2026-12-01');
    expect(dayMove('ArrowLeft', '2026-12-01')).toBe('2026-11-30');
    expect(dayMove('ArrowDown', '2026-11-25')).toBe('2026-12-02');
    expect(dayMove('ArrowUp', '2026-11-02')).toBe('2026-10-26');
  });

  test("Home and End go to the week's Sunday and Saturday, PageUp and PageDown a month", () => {
    expect(dayMove('Home', '2026-11-25')).toBe('2026-11-22');
    expect(dayMove('End', '2026-11-25')).toBe('2026-11-28');
    expect(dayMove('PageUp', '2026-03-31')).toBe('2026-02-28');
    expect(dayMove('PageDown', '2026-11-25')).toBe('2026-12-25');
  });

  test('other keys are not moves (Enter and Space show the day)', () => {
    expect(dayMove('Enter', '2026-11-25')).toBeNull();
    expect(dayMove(' ', '2026-11-25')).toBeNull();
    expect(dayMove('a', '2026-11-25')).toBeNull();
  });
});
