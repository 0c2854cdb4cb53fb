import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { PriceSchema } from './treatments';

describe('PriceSchema', () => {
  test('a price that rounds to 0 cents is refused, not stored as 0', () => {
    // mutation tried: without the check after rounding, 0.001 parses to 0
    for (const price of [0.001, '0.004', 0.0049])
      expect(v.safeParse(PriceSchema, price).success, String(price)).toBe(false);
  });

  test('a cent and more are kept, rounded to the cent', () => {
    expect(v.parse(PriceSchema, 0.005)).toBe(0.01);
    expect(v.parse(PriceSchema, '1170')).toBe(1170);
    expect(v.parse(PriceSchema, 12.345)).toBe(12.35);
  });
});
