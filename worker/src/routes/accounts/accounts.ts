import type { Context } from 'hono';
import { pepperOf } from '../../auth/password';
import { clientAddress, SIGNUP_PER_ADDRESS, takeWithin } from '../../auth/rate-limit';
import { isSetupToken } from '../../auth/setup-token';
import { type MedicSignUp, type PatientSignUp, SETUP_TOKEN_HEADER } from '../../contract/accounts';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { hasApprovedMedic, signUpMedic, signUpPatient } from './accounts.repo';

/**
 * Sign-up: a patient or a medic creates their own account. The patients and medics routes answer
 * `POST /api/patients` and `POST /api/medics` with these when nobody is signed in.
 */

/** Sign-ups are rate limited per address, before anything is looked up. */
const limitSignUps = (c: Context<Env>): Promise<void> =>
  takeWithin(c.get('db'), [[`signup:ip:${clientAddress(c)}`, SIGNUP_PER_ADDRESS]], MSG.tooManyAttempts);

/** A patient signs up (`POST /api/patients` without a session; the patients routes call it). */
export async function signUpPatientAnswer(c: Context<Env>, { infoUser, infoPatient }: PatientSignUp) {
  await limitSignUps(c);
  const created = await signUpPatient(c.get('db'), pepperOf(c.env), infoUser, infoPatient);
  return c.json(created, 201);
}

/**
 * A medic signs up (`POST /api/medics` without a session; the medics routes call it). On a
 * deployment with no approved medic yet, only the holder of the setup token may: never whoever
 * comes first (docs/deploy.md, "The first medic").
 */
export async function signUpMedicAnswer(c: Context<Env>, { infoUser, infoMedic, ClinicID }: MedicSignUp) {
  await limitSignUps(c);
  const db = c.get('db');
  const setup = await isSetupToken(c.env, c.req.header(SETUP_TOKEN_HEADER));
  if (!setup && !(await hasApprovedMedic(db))) throw new AppError('forbidden', MSG.firstMedicNeedsSetupToken);
  const created = await signUpMedic(db, pepperOf(c.env), infoUser, {
    tuitionNumber: Number(infoMedic.tuition_number),
    clinicId: ClinicID,
    mayBeFirst: setup,
  });
  return c.json(created, 201);
}
