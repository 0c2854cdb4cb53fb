import { formatDay } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { clinicToday, quoteExpiredNotice } from './expiry';

describe("an expired quote in the portal's Payments", () => {
  const mdy = (d: string) => formatDay(d, 'mdy');

  test('before today it is expired, with the date in the clinic order, instead of PAY', () => {
    expect(quoteExpiredNotice({ validUntil: '2026-11-26' }, '2026-11-27', mdy)).toBe(
      'This quote expired on 11/26/2026; ask the clinic for a new one.',
    );
    expect(quoteExpiredNotice({ validUntil: '2026-11-26' }, '2026-11-27', (d) => formatDay(d, 'dmy'))).toBe(
      'This quote expired on 26/11/2026; ask the clinic for a new one.',
    );
  });

  test('on its last day, later, or with no validity date it holds', () => {
    expect(quoteExpiredNotice({ validUntil: '2026-11-27' }, '2026-11-27', mdy)).toBeNull();
    expect(quoteExpiredNotice({ validUntil: '2027-01-01' }, '2026-11-27', mdy)).toBeNull();
    expect(quoteExpiredNotice({ validUntil: null }, '2026-11-27', mdy)).toBeNull();
  });

  test("today is the clinic's, in its time zone", () => {
    // 02:00 UTC on the 28th is still the 27th in Buenos Aires (UTC-3).
    const at = new Date('2026-11-28T02:00:00Z');
    expect(clinicToday('America/Argentina/Buenos_Aires', at)).toBe('2026-11-27');
    expect(clinicToday(undefined, at)).toBe('2026-11-28');
  });
});
