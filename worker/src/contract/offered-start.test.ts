import { describe, expect, test } from 'vitest';
import { isOfferedStart, SLOT_STEP } from './slots';

describe('isOfferedStart', () => {
  test('starts on the step across the day are offered; anything between them is not', () => {
    expect(SLOT_STEP).toBe(0.5);
    for (const time of [0, 9, 9.5, 17.5, 23.5]) expect(isOfferedStart(time), String(time)).toBe(true);
    for (const time of [9.25, 9.1, 0.3, -0.5, 24, 30, Number.NaN])
      expect(isOfferedStart(time), String(time)).toBe(false);
  });

  test('decimal hours that are not exact in binary still land on their step', () => {
    expect(isOfferedStart(0.1 + 0.2 + 0.2)).toBe(true);
    expect(isOfferedStart(1 / 3)).toBe(false);
  });
});
