import { describe, expect, test } from 'vitest';
import { personName } from './names';

describe('names on the budget screens', () => {
  test('a name shows as it was written: no letter is lowered or raised', () => {
    expect(personName("D'Arcy O-Neil")).toBe("D'Arcy O-Neil");
    expect(personName('María de la Cruz McDonald')).toBe('María de la Cruz McDonald');
    expect(personName('ANA pérez')).toBe('ANA pérez');
  });

  test('only the spaces are tidied', () => {
    expect(personName('  Lisa   Simpson ')).toBe('Lisa Simpson');
    expect(personName('')).toBe('');
  });
});
