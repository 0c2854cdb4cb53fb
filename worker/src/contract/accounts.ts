import * as v from 'valibot';
import type { PendingMedicSchema, SignUpResultSchema } from './answers';
import { MSG } from './messages';
import { SIGN_UP_DOCUMENT_DIGITS } from './patients';
import { emailShape, personName } from './person';
import { OptionalSecondFactorCode } from './second-factor';
import { EMAIL_MAX, requiredString } from './validation';

const email = (required: string, invalid: string) =>
  v.pipe(
    requiredString(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(EMAIL_MAX, invalid),
    emailShape(invalid),
    v.toLowerCase(),
  );

/**
 * A password a person can sign in with afterwards: the login rules (a digit, 8 to 20) with the
 * caller's own maximum (sign-up stops at 16).
 */
const password = (required: string, max: number, tooLong: string) =>
  v.pipe(
    requiredString(required),
    v.nonEmpty(required),
    v.regex(/\d/, MSG.passwordInvalid),
    v.minLength(8, MSG.passwordTooShort),
    v.maxLength(max, tooLong),
  );

const isoDate = (required: string) =>
  v.pipe(
    requiredString(required),
    v.trim(),
    v.nonEmpty(required),
    v.isoDate(required),
    // A date that was entered but lies ahead is not a missing one: it gets its own message.
    v.check((d) => d <= new Date().toISOString().slice(0, 10), MSG.birthInFuture),
  );

/** Form values may arrive as numbers from a number input; the API stores digits as text. */
const digits = (required: string, invalid: string, min = 1, max = 20) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), ''),
    v.transform((x) => String(x).trim()),
    v.nonEmpty(required),
    v.regex(/^\d+$/, invalid),
    v.minLength(min, invalid),
    v.maxLength(max, invalid),
  );

/**
 * A confirmation field is a form rule: a client that leaves it out is not refused, one that sends
 * it must repeat the password (blank counts as sent and says `required`).
 */
const confirmation = (required: string) =>
  v.optional(v.pipe(v.string(required), v.nonEmpty(required), v.maxLength(128, required)));
const confirms = (password: string | undefined, confirmation: string | undefined): boolean =>
  confirmation === undefined || confirmation === password;

/** The user part of Sign-up, shared by the Patient and the Medic toggle. */
export const SignUpUserSchema = v.pipe(
  v.object({
    email: email(MSG.emailRequired, MSG.emailInvalid),
    password: password(MSG.passwordRequired, 16, MSG.passwordTooLongSignUp),
    confirmPassword: confirmation(MSG.confirmPassword),
    name: personName(MSG.nameRequired, MSG.nameInvalid),
    lastName: personName(MSG.lastNameRequired, MSG.lastNameInvalid),
    // At least 7 digits, up to a CUIL's 11; the profile keeps such a document as it is.
    document: digits(MSG.idRequired, MSG.idInvalid, 7, SIGN_UP_DOCUMENT_DIGITS),
    birth: isoDate(MSG.birthRequired),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (u) => confirms(u.password, u.confirmPassword),
      MSG.passwordsDontMatch,
    ),
    ['confirmPassword'],
  ),
);

/**
 * Medical insurance as written on the card: the insurer and its plan ("OSDE 310", "Swiss Medical
 * SMG20"), or "none" for an uninsured patient. SPEC's message stays for an empty field.
 */
export const INSURANCE_MAX = 60;
const insurance = v.pipe(
  v.optional(v.union([v.string(), v.number()]), ''),
  v.transform((x) => String(x).trim().replace(/\s+/g, ' ')),
  v.nonEmpty(MSG.insuranceRequired),
  v.maxLength(INSURANCE_MAX, MSG.insuranceInvalid),
  v.regex(/^[\p{L}\p{N}][\p{L}\p{N} .\-/+]*$/u, MSG.insuranceInvalid),
  v.transform((x) => (x.toLowerCase() === 'none' ? 'none' : x)),
);

/** POST /api/patients without a session: a patient signs up. */
export const PatientSignUpSchema = v.object({
  infoUser: v.optional(SignUpUserSchema, {}),
  infoPatient: v.optional(
    v.object({
      /** The medical insurance as people write it ("OSDE 310"), or "none" (obraSocial). */
      obraSocial: insurance,
      medicalService: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
    }),
    {},
  ),
});
export type PatientSignUp = v.InferOutput<typeof PatientSignUpSchema>;

/**
 * The header of the first medic's sign-up on a new deployment: its one-time setup token (the
 * SETUP_TOKEN secret). The sign-up page sends it when opened as /SignUp?setup=<token>.
 */
export const SETUP_TOKEN_HEADER = 'X-Setup-Token';

/**
 * The `<meta name>` the worker adds to every page: content "on" when social sign-in (OpenID
 * Connect) is configured (OIDC_CLIENT_ID set), "off" otherwise. The login page shows "Sign in with
 * Google" only when it is "on".
 */
export const SOCIAL_SIGN_IN_META = 'clinic-social-sign-in';

/** POST /api/medics without a session: a medic signs up and waits for approval. */
export const MedicSignUpSchema = v.object({
  infoUser: v.optional(SignUpUserSchema, {}),
  infoMedic: v.optional(
    v.object({
      tuition_number: digits(MSG.tuitionNumberRequired, MSG.tuitionNumberRequired, 1, 9),
    }),
    {},
  ),
  ClinicID: v.optional(v.number(), 1),
});
export type MedicSignUp = v.InferOutput<typeof MedicSignUpSchema>;

/** The answer of both sign-ups. */
export type SignUpResult = v.InferOutput<typeof SignUpResultSchema>;

/** POST /api/login/oneUser. */
export const OneUserSchema = v.object({ email: email(MSG.emailRequired, MSG.emailInvalid) });

/** POST /api/password/reset: the forgot-password form. */
export const ForgotPasswordSchema = v.object({ email: email(MSG.emailRequired, MSG.emailInvalid) });

/** PUT /api/password/reupdate: /newPassword with the token of the mailed link. */
export const NewPasswordSchema = v.pipe(
  v.object({
    email: email(MSG.emailMustBeRequire, MSG.emailInvalid),
    password: password(MSG.passwordRequired, 20, MSG.passwordTooLong),
    confirmPassword: confirmation(MSG.passwordMustBeConfirmed),
    token: v.pipe(
      requiredString(MSG.errorUpdatingPassword),
      v.nonEmpty(MSG.errorUpdatingPassword),
      v.maxLength(200, MSG.errorUpdatingPassword),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (u) => confirms(u.password, u.confirmPassword),
      MSG.passwordMustBeConfirmed,
    ),
    ['confirmPassword'],
  ),
);

/** PUT /api/password/update: Current / New / Confirm while signed in. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    email: v.optional(v.pipe(v.string(), v.maxLength(EMAIL_MAX))),
    currentPassword: v.pipe(
      requiredString(MSG.passwordRequired),
      v.nonEmpty(MSG.passwordRequired),
      v.maxLength(128, MSG.passwordRequired),
    ),
    newPassword: password(MSG.passwordRequired, 20, MSG.passwordTooLong),
    confirmPassword: confirmation(MSG.newPasswordsDontMatch),
    /** Asked for when the account has a second factor (re-authentication). */
    code: OptionalSecondFactorCode,
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (u) => confirms(u.newPassword, u.confirmPassword),
      MSG.newPasswordsDontMatch,
    ),
    ['confirmPassword'],
  ),
);

/** A medic waiting for approval, as the clinic info lists them. */
export type PendingMedic = v.InferOutput<typeof PendingMedicSchema>;
