import * as v from 'valibot';
import type { LoginResultSchema, MeSchema } from './answers';
import { MSG } from './messages';
import { emailShape } from './person';
import { SecondFactorCode } from './second-factor';
import { EMAIL_MAX, requiredString } from './validation';

/** Login: the order of checks decides which message shows first. */
export const LoginSchema = v.object({
  email: v.pipe(
    requiredString(MSG.usernameRequired),
    v.trim(),
    v.nonEmpty(MSG.usernameRequired),
    v.maxLength(EMAIL_MAX, MSG.usernameInvalid),
    emailShape(MSG.usernameInvalid),
    v.toLowerCase(),
  ),
  password: v.pipe(
    requiredString(MSG.passwordRequired),
    v.nonEmpty(MSG.passwordRequired),
    v.regex(/\d/, MSG.passwordInvalid),
    v.minLength(8, MSG.passwordTooShort),
    v.maxLength(20, MSG.passwordTooLong),
  ),
  /** The second step, for an account with a second factor: a TOTP or recovery code. */
  code: v.optional(SecondFactorCode),
});

export type UserType = 'Patient' | 'Medic';

/** Login result. */
export type LoginResult = v.InferOutput<typeof LoginResultSchema>;

/** GET /api/me */
export type Me = v.InferOutput<typeof MeSchema>;
