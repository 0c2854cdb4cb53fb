import type { SecondFactorSetup, SecondFactorStatus } from '../contract/second-factor';
import type { Db } from '../db/client';
import type { Bindings } from '../env';
import { sha256Hex } from '../lib/crypto';
import { checkWithSignInDelay } from './rate-limit';
import {
  clinicRequiresFactor,
  enableFactor,
  factorOf,
  recoveryCodesLeft,
  setPendingSecret,
  takeStep,
  useRecoveryCode,
} from './second-factor.repo';
import { open, seal, totpKeyOf } from './secret-box';
import { newTotpSecret, qrSvg, stepOfCode, totpUri } from './totp';

const RECOVERY_CODES = 10;
/** RFC 4648 base32 lower case: no 0/1/8/9, so a code read aloud is not mistaken. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A fresh recovery code, `xxxxx-xxxxx` (50 random bits). */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => BASE32[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalRecoveryCode = (code: string): string => code.toLowerCase().replace(/[- ]/g, '');

/** Whether `user` must have a factor: a medic under the clinic's policy. */
export async function factorRequired(db: Db, user: { userType: 'Patient' | 'Medic' }): Promise<boolean> {
  return user.userType === 'Medic' && (await clinicRequiresFactor(db));
}

/**
 * The step a sign-in still owes after the password (or the provider's redirect): 'code' for an
 * account with a factor, 'enrol' for a medic the clinic requires one of, null otherwise.
 */
export async function pendingStepOf(
  db: Db,
  user: { userType: 'Patient' | 'Medic'; totpSecret: string | null },
): Promise<'enrol' | 'code' | null> {
  if (user.totpSecret) return 'code';
  return (await factorRequired(db, user)) ? 'enrol' : null;
}

/** `pendingStepOf` for an account known by its ID (after a social sign-in's redirect). */
export async function pendingStepOfUser(db: Db, userId: number): Promise<'enrol' | 'code' | null> {
  const account = await factorOf(db, userId);
  return account ? pendingStepOf(db, account) : null;
}

export async function secondFactorStatus(db: Db, userId: number): Promise<SecondFactorStatus> {
  const [account, left] = await Promise.all([factorOf(db, userId), recoveryCodesLeft(db, userId)]);
  return {
    enabled: Boolean(account?.totpSecret),
    required: account ? await factorRequired(db, account) : false,
    recoveryCodesLeft: left,
    hasPassword: Boolean(account?.passwordHash),
  };
}

/** Whether the account has a factor set up (sign-in and re-authentication then ask for a code). */
export async function hasFactor(db: Db, userId: number): Promise<boolean> {
  return Boolean((await factorOf(db, userId))?.totpSecret);
}

/**
 * Starts an enrolment: a new secret, sealed and kept as pending until a code confirms it. The
 * secret leaves the server here and only here; a second start replaces it.
 */
export async function startEnrolment(
  db: Db,
  env: Bindings,
  user: { id: number; email: string },
): Promise<SecondFactorSetup> {
  const key = totpKeyOf(env);
  const secret = newTotpSecret();
  await setPendingSecret(db, user.id, await seal(key, secret));
  const uri = totpUri(secret, user.email);
  return { secret, uri, qrSvg: await qrSvg(uri) };
}

/**
 * Checks a second-factor code (TOTP or recovery) of an account with a factor. It counts under
 * the same per-email sign-in limit as a wrong password (`checkWithSignInDelay`): a wrong code is
 * one more failed attempt, a right one is given back; over the limit the answer is 429.
 */
export async function checkSecondFactor(
  db: Db,
  env: Bindings,
  user: { id: number; email: string },
  code: string,
  lockedMsg: string,
): Promise<boolean> {
  return checkWithSignInDelay(db, user.email, lockedMsg, () => takeFactorCode(db, env, user.id, code));
}

/**
 * Whether `code` is the account's current TOTP code (within one step of drift, not used before)
 * or one of its unused recovery codes; a right code is used up. No limit of its own: callers check
 * it under `checkWithSignInDelay` (sign-in checks it there together with the password).
 */
export async function takeFactorCode(db: Db, env: Bindings, userId: number, code: string): Promise<boolean> {
  const account = await factorOf(db, userId);
  if (!account?.totpSecret) return false;
  if (!/^\d{6}$/.test(code)) return useRecoveryCode(db, userId, await sha256Hex(normalRecoveryCode(code)));
  const step = stepOfCode(await open(totpKeyOf(env), account.totpSecret), code);
  return step !== null && takeStep(db, userId, step);
}

/**
 * Confirms the pending secret with its first code: it becomes the account's factor, with ten new
 * recovery codes (answered this once, stored hashed). Null when the code does not match.
 */
export async function confirmEnrolment(
  db: Db,
  env: Bindings,
  user: { id: number; email: string },
  code: string,
  lockedMsg: string,
): Promise<string[] | null | 'not-started'> {
  const key = totpKeyOf(env);
  const account = await factorOf(db, user.id);
  const pending = account?.totpPendingSecret;
  if (!pending) return 'not-started';
  const found: { step: number | null } = { step: null };
  const ok = await checkWithSignInDelay(db, user.email, lockedMsg, async () => {
    found.step = stepOfCode(await open(key, pending), code);
    return found.step !== null;
  });
  const step = found.step;
  if (!ok || step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalRecoveryCode(c))));
  await enableFactor(db, user.id, { secret: pending, step, codeHashes: hashes });
  return codes;
}
