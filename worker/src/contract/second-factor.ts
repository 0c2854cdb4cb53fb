import * as v from 'valibot';
import { MSG } from './messages';

/** A 6-digit TOTP code, or a recovery code as shown (`abcde-fghij`, case and spaces forgiven). */
export const SecondFactorCode = v.pipe(
  v.string(MSG.secondFactorInvalid),
  v.trim(),
  v.nonEmpty(MSG.secondFactorRequired),
  v.maxLength(24, MSG.secondFactorInvalid),
  v.regex(/^(?:\d{6}|[a-z2-7]{5}[- ]?[a-z2-7]{5})$/i, MSG.secondFactorInvalid),
);

/** A form's optional code field: left blank it is no code (an account without a factor). */
export const OptionalSecondFactorCode = v.optional(
  v.union(
    [
      v.pipe(
        v.literal(''),
        v.transform(() => undefined),
      ),
      SecondFactorCode,
    ],
    MSG.secondFactorInvalid,
  ),
);

/** The re-authentication a sensitive change carries in its own request. */
const currentPassword = v.optional(v.pipe(v.string(), v.maxLength(128, MSG.currentPasswordWrong)));

/**
 * A change that hands out or loosens access (registering or approving a medic, the clinic's
 * sign-in policy, resetting someone's factor): the caller's password and, with a factor, its code.
 */
export const ReauthFields = { currentPassword, code: OptionalSecondFactorCode };
export const ReauthSchema = v.object(ReauthFields);

/** POST /api/login/code: the second step after a social sign-in's redirect. */
export const LoginCodeSchema = v.object({ code: SecondFactorCode });

/** POST /api/second-factor: the first code confirms the secret being enrolled. */
export const SecondFactorConfirmSchema = v.object({ code: SecondFactorCode, currentPassword });

/** DELETE /api/second-factor: turning it off takes the password and a code. */
export const SecondFactorOffSchema = v.object({ code: SecondFactorCode, currentPassword });

/** GET /api/second-factor */
export const SecondFactorAnswerSchema = v.strictObject({
  /** A factor is set up: sign-in asks for its code. */
  enabled: v.boolean(),
  /** The clinic's policy applies to this account: it cannot be turned off. */
  required: v.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: v.number(),
  /** The account has a password (a social sign-in account may not): re-authentication asks for it. */
  hasPassword: v.boolean(),
});
export type SecondFactorStatus = v.InferOutput<typeof SecondFactorAnswerSchema>;

/** POST /api/second-factor/setup: shown once, before the first code confirms it. */
export const SecondFactorSetupAnswerSchema = v.strictObject({
  /** Base32, for typing into an authenticator app. */
  secret: v.string(),
  /** The `otpauth://` address the QR code holds. */
  uri: v.string(),
  /** The QR code, an SVG document. */
  qrSvg: v.string(),
});
export type SecondFactorSetup = v.InferOutput<typeof SecondFactorSetupAnswerSchema>;

/** POST /api/second-factor: the ten recovery codes, shown this once. */
export const SecondFactorConfirmAnswerSchema = v.strictObject({
  msg: v.string(),
  recoveryCodes: v.array(v.string()),
});
export type SecondFactorConfirmAnswer = v.InferOutput<typeof SecondFactorConfirmAnswerSchema>;

/** DELETE /api/second-factor, DELETE /api/medics/:id/second-factor, DELETE /api/sessions[/:id] */
export const MessageAnswerSchema = v.strictObject({ ok: v.literal(true), msg: v.string() });
