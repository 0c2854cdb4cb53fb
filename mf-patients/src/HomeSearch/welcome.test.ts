import { describe, expect, test } from 'vitest';
import { medicWelcome } from './welcome';

describe('the welcome line of a medic', () => {
  test('title, initial and last name', () => {
    expect(medicWelcome({ name: 'gregory', lastName: 'House', doctorTitle: 'Dr.' })).toBe(
      'Welcome, Dr. G. House',
    );
  });

  test('without a title (or a blank one) the initial and last name alone', () => {
    expect(medicWelcome({ name: 'Julius', lastName: 'Hibbert', doctorTitle: null })).toBe(
      'Welcome, J. Hibbert',
    );
    expect(medicWelcome({ name: 'Julius', lastName: 'Hibbert', doctorTitle: '  ' })).toBe(
      'Welcome, J. Hibbert',
    );
  });

  test('spaces around the first name do not hide its initial; no first name, no initial', () => {
    expect(medicWelcome({ name: '  nick', lastName: 'Riviera', doctorTitle: 'Dr.' })).toBe(
      'Welcome, Dr. N. Riviera',
    );
    expect(medicWelcome({ name: '', lastName: 'Riviera', doctorTitle: 'Dr.' })).toBe('Welcome, Dr. Riviera');
  });
});
