import type { Context } from 'hono';
import { confirmSignUpEmail } from '../../auth/email-confirmation';
import {
  clientAddress,
  SIGNUP_REFUSALS_PER_ADDRESS,
  signUpsPerAddress,
  takeWithin,
} from '../../auth/rate-limit';
import { giveBack } from '../../auth/rate-limit.repo';
import { isSetupToken } from '../../auth/setup-token';
import { type MedicSignUp, type PatientSignUp, SETUP_TOKEN_HEADER } from '../../contract/accounts';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { pepperOf } from '../../lib/password';
import { CLINIC_ID } from '../clinics/clinics.repo';
import { hasApprovedMedic, signUpMedic, signUpPatient } from './accounts.repo';

/**
 * Sign-up: a patient or a medic creates their own account. The patients and medics routes answer
 * `POST /api/patients` and `POST /api/medics` with these when nobody is signed in.
 */

/**
 * Sign-ups are rate limited per address, before anything is looked up: every attempt takes one from
 * both counts at once (so racing attempts stay bounded), and an attempt that creates the account gives
 * its refusal back. What is left in the refusals' count is the 409s (see `SIGNUP_REFUSALS_PER_ADDRESS`).
 */
async function withinSignUpLimits<T>(c: Context<Env>, signUp: () => Promise<T>): Promise<T> {
  const db = c.get('db');
  const address = clientAddress(c);
  const refusals = `signup-refused:ip:${address}`;
  await takeWithin(
    db,
    [
      [`signup:ip:${address}`, signUpsPerAddress(c.env)],
      [refusals, SIGNUP_REFUSALS_PER_ADDRESS],
    ],
    MSG.tooManyAttempts,
  );
  const created = await signUp();
  await giveBack(db, refusals);
  return created;
}

/** A patient signs up (`POST /api/patients` without a session; the patients routes call it). */
export async function signUpPatientAnswer(c: Context<Env>, { infoUser, infoPatient }: PatientSignUp) {
  const created = await withinSignUpLimits(c, () =>
    signUpPatient(c.get('db'), pepperOf(c.env), infoUser, infoPatient),
  );
  // The account works at once; its address is proven by the link this mails.
  await confirmSignUpEmail(c, { userId: created.ID, email: created.email });
  return c.json(created, 201);
}

/**
 * A medic signs up (`POST /api/medics` without a session; the medics routes call it). On a
 * deployment with no approved medic yet, only the holder of the setup token may: never whoever
 * comes first (docs/deploy.md, "The first medic").
 */
export async function signUpMedicAnswer(c: Context<Env>, { infoUser, infoMedic, ClinicID }: MedicSignUp) {
  // The deployment has one clinic: a medic signs up to it, never to a clinic that does not exist.
  if (ClinicID !== CLINIC_ID) throw new AppError('not_found', MSG.clinicNotAdded);
  const db = c.get('db');
  const created = await withinSignUpLimits(c, async () => {
    const given = c.req.header(SETUP_TOKEN_HEADER);
    const setup = await isSetupToken(c.env, given);
    if (!setup && !(await hasApprovedMedic(db)))
      // A token that was sent but is not the deployment's: say so, not that one is missing.
      throw new AppError('forbidden', given?.trim() ? MSG.setupTokenWrong : MSG.firstMedicNeedsSetupToken);
    return signUpMedic(db, pepperOf(c.env), infoUser, {
      tuitionNumber: Number(infoMedic.tuition_number),
      clinicId: ClinicID,
      mayBeFirst: setup,
    });
  });
  await confirmSignUpEmail(c, { userId: created.ID, email: created.email });
  return c.json(created, 201);
}
