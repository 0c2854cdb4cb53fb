import * as v from 'valibot';
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

export type LoginInput = v.InferInput<typeof LoginSchema>;

export type UserType = 'Patient' | 'Medic';

/** Login result. */
export interface LoginResult {
  /** Only for Bearer clients that ask (`POST /api/login?bearer=true`); browsers use the cookie. */
  token?: string;
  userType: UserType;
  name: string;
  lastName: string;
  document: string;
  email: string;
  /** 'enrol': the clinic requires a second factor this medic has not set up; nothing else opens until then. */
  secondFactor?: 'enrol';
}

/** GET /api/me */
export interface Me {
  ID: number;
  email: string;
  name: string;
  lastName: string;
  document: string;
  userType: UserType;
  /** False while a self-registered medic waits for approval. */
  approved: boolean;
  /** True for a social sign-in patient who has not completed their data yet. */
  incomplete: boolean;
  doctorTitle: string | null;
  patientID: number | null;
  medicID: number | null;
  /** The sign-in step this session still owes (see LoginResult.secondFactor); null when complete. */
  pending: 'enrol' | 'code' | null;
}
