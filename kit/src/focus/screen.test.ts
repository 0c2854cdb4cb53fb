import { describe, expect, test } from 'vitest';
import { documentTitle } from './screen';

describe('documentTitle', () => {
  test('names the screen, then the clinic', () => {
    expect(documentTitle('Calendar', 'Demo Clinic')).toBe('Calendar · Demo Clinic');
  });

  test("signed out (no clinic known), the product's name stands in", () => {
    expect(documentTitle('Login', null)).toBe('Login · Clinic');
    expect(documentTitle('Sign up', '  ')).toBe('Sign up · Clinic');
  });
});
