import { Hono } from 'hono';
import * as v from 'valibot';
import { pepperOf } from '../../auth/password';
import { clientAddress, LOGIN_PER_ADDRESS, SIGNUP_PER_ADDRESS, takeWithin } from '../../auth/rate-limit';
import { MedicSignUpSchema, OneUserSchema, PatientSignUpSchema } from '../../contract/accounts';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { whenSignedOut } from '../../lib/signed-in';
import { jsonBody, paramsOf } from '../../lib/validate';
import { approveMedic, pendingMedics, signUpMedic, signUpPatient, userExists } from './accounts.repo';

const MedicParam = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

/**
 * Accounts: sign-up (`POST /api/patients` and `POST /api/medics` without a session),
 * the social sign-in email check, and the approval of self-registered medics.
 *
 * A signed-in medic calling `POST /api/patients` or `POST /api/medics` registers someone else: that
 * is the patients / medics area's handler, registered after this one for the same route and reached
 * through `next()`. The access rule 'signup' admits only those two kinds of caller.
 */
export const accounts = new Hono<Env>()
  .post('/patients', whenSignedOut(jsonBody(PatientSignUpSchema)), async (c, next) => {
    if (c.get('user')) return next();
    await takeWithin(
      c.get('db'),
      [[`signup:ip:${clientAddress(c)}`, SIGNUP_PER_ADDRESS]],
      MSG.tooManyAttempts,
    );
    const { infoUser, infoPatient } = c.req.valid('json');
    const created = await signUpPatient(c.get('db'), pepperOf(c.env), infoUser, infoPatient);
    return c.json(created, 201);
  })
  .post('/medics', whenSignedOut(jsonBody(MedicSignUpSchema)), async (c, next) => {
    if (c.get('user')) return next();
    await takeWithin(
      c.get('db'),
      [[`signup:ip:${clientAddress(c)}`, SIGNUP_PER_ADDRESS]],
      MSG.tooManyAttempts,
    );
    const { infoUser, infoMedic, ClinicID } = c.req.valid('json');
    const created = await signUpMedic(c.get('db'), pepperOf(c.env), infoUser, {
      tuitionNumber: Number(infoMedic.tuition_number),
      clinicId: ClinicID,
    });
    return c.json(created, 201);
  })
  .post('/login/oneUser', jsonBody(OneUserSchema), async (c) => {
    // keeps this email check; it is rate limited per address so it cannot be used to
    // sweep a list of addresses.
    const db = c.get('db');
    await takeWithin(db, [[`oneUser:ip:${clientAddress(c)}`, LOGIN_PER_ADDRESS]], MSG.tooManyAttempts);
    return c.json({ success: await userExists(db, c.req.valid('json').email) }, 200);
  })
  .get('/medics/pending', async (c) => c.json(await pendingMedics(c.get('db')), 200))
  .put('/medics/:id/approve', paramsOf(MedicParam), async (c) => {
    await approveMedic(c.get('db'), c.req.valid('param').id);
    return c.json({ ok: true as const, msg: MSG.medicApproved }, 200);
  });
