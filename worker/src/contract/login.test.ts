import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { LoginSchema } from './login';
import { MSG } from './messages';
import { check } from './validation';

describe('LoginSchema', () => {
  test('accepts a well-formed email and an 8–20 character password with a digit', () => {
    expect(v.parse(LoginSchema, { email: ' Medic@Clinic.test ', password: 'Medic2026' })).toEqual({
      email: 'medic@clinic.test',
      password: 'Medic2026',
    });
  });

  test('reports the first failing rule per field', () => {
    const result = check(LoginSchema, { email: '', password: 'short' });
    expect(result).toEqual({
      ok: false,
      errors: { email: { msg: MSG.usernameRequired }, password: { msg: MSG.passwordInvalid } },
    });
  });
});
