import { describe, expect, test } from 'vitest';
import { MSG } from '../contract/messages';
import { totpKeyOf } from './secret-box';

describe('the TOTP key', () => {
  test("a deployment's secret is used; a local run without one gets the fixed local key", () => {
    const secret = 's'.repeat(40);
    expect(totpKeyOf({ TOTP_KEY: secret, ENVIRONMENT: 'production' })).toBe(secret);
    expect(totpKeyOf({ TOTP_KEY: secret, ENVIRONMENT: 'local' })).toBe(secret);
    expect(totpKeyOf({ ENVIRONMENT: 'local' })).toHaveLength(49);
  });

  test('deployed without it, or with one too short (even locally): fails closed', () => {
    for (const env of [{}, { ENVIRONMENT: 'production' }, { ENVIRONMENT: 'local', TOTP_KEY: 'short' }])
      expect(() => totpKeyOf(env)).toThrow(MSG.secondFactorUnavailable);
  });
});
