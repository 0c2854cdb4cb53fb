import { describe, expect, test } from 'vitest';
import { patientWelcome } from './welcome';

describe("the patient's welcome line", () => {
  test('names the patient in full', () => {
    expect(patientWelcome({ name: 'Ana', lastName: 'Diaz' })).toBe('Welcome, Ana Diaz');
  });
  test('collapses the spaces of a name as typed', () => {
    expect(patientWelcome({ name: ' Ana ', lastName: 'Van  Houten' })).toBe('Welcome, Ana Van Houten');
  });
  test('without a name, a plain welcome', () => {
    expect(patientWelcome({ name: '', lastName: ' ' })).toBe('Welcome');
  });
});
