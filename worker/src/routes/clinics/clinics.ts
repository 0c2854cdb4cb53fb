import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { reauthenticate } from '../../auth/identity';
import { tellEveryMedic } from '../../auth/medic-notice';
import { requireEnrolmentOfMedicSessions } from '../../auth/session.repo';
import { ClinicSchema } from '../../contract/answers';
import {
  type Clinic,
  ClinicCreateSchema,
  type ClinicUpdate,
  ClinicUpdateSchema,
} from '../../contract/clinic';
import { MSG } from '../../contract/messages';
import { findClinic } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { assertFresh, versioned } from '../../lib/etag';
import { json, NO_MAIL, route, SLOWED, STALE } from '../../lib/route';
import { jsonBody, paramsOf } from '../../lib/validate';
import { requireMail } from '../../services/mail';
import { offerOpenedHours } from '../../services/waitlist/hours-opened';
import { settleStranded, strandedBeforeSave } from '../turns/outside-hours';
import { createClinic, updateClinic } from './clinics.repo';

/**
 * The clinic's sign-in policy ('Require a second factor for medics') changes only with the medic's
 * password (and code), not with a session alone; loosening it is mailed to every medic.
 * Answers what to do once the update is written.
 */
async function checkPolicyChange(
  c: Context<Env>,
  stored: Clinic | null,
  input: ClinicUpdate,
): Promise<() => Promise<void>> {
  const wanted = input.requireMedicSecondFactor;
  if (wanted === undefined || !stored || stored.requireMedicSecondFactor === wanted) return async () => {};
  await reauthenticate(c, input);
  if (wanted) return () => requireEnrolmentOfMedicSessions(c.get('db'));
  requireMail(c.env);
  return () =>
    tellEveryMedic(
      c,
      MSG.signInPolicyLoosenedSubject,
      "Your clinic no longer requires medics to sign in with a second factor: 'Require a second factor for medics' was turned off.",
    );
}

/**
 * One save of the clinic, by either path: the sign-in policy's password, the form's version
 * (If-Match), the desk's choice for booked turns new hours leave outside them (409 without one),
 * then the write and what follows it. The stored clinic is read once for all of them; `requested`
 * is the ID the path or the body names (none: the clinic there is).
 */
async function saveClinic(
  c: Context<Env>,
  requested: number | undefined,
  input: ClinicUpdate,
): Promise<Clinic> {
  const db = c.get('db');
  const current = await findClinic(db);
  const id = requested ?? current?.ID;
  const after = await checkPolicyChange(c, current, input);
  await assertFresh(c, async () => current);
  const stranded =
    current && current.ID === id
      ? await strandedBeforeSave(c, current, input.officeHours, input.strandedTurns)
      : [];
  const clinic = id === undefined ? null : await updateClinic(db, id, input);
  if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
  await settleStranded(c, clinic, stranded, input.strandedTurns);
  // Hours opened: their new starts go to the waitlist like freed ones.
  await offerOpenedHours(db, c.env, current, clinic);
  await after();
  return clinic;
}

const IdParam = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

/**
 * The clinic (/Clinics): anyone signed in reads it (patients need its office hours for
 * appointments); medics create it once and update it.
 */
export const clinicsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      who: 'user',
      summary: 'The clinic',
      success: [json(200, ClinicSchema, 'The clinic.')],
      errors: { 404: 'No clinic yet.' },
    }),
    async (c) => {
      const clinic = await findClinic(c.get('db'));
      if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
      return c.json(versioned(c, clinic), 200);
    },
  )
  .post(
    '/',
    route({
      who: 'medic',
      summary: 'Create the clinic',
      success: [json(201, ClinicSchema, 'Created.')],
      errors: { 409: 'The clinic already exists.' },
    }),
    jsonBody(ClinicCreateSchema),
    async (c) => {
      const clinic = await createClinic(c.get('db'), c.req.valid('json'));
      if (!clinic) throw new AppError('conflict', MSG.clinicExists);
      return c.json(clinic, 201);
    },
  )
  .put(
    '/',
    route({
      who: 'medic',
      audit: 'update clinic',
      summary: 'Update the clinic',
      description:
        "New `officeHours` that leave booked turns outside them need `strandedTurns`: 'keep' (marked as outside hours), 'cancel' (each patient is mailed) or 'move' (the desk's needs-moving list); without it the answer is 409 and nothing is written. `POST /api/turns/outside-hours` lists those turns first.",
      success: [json(200, ClinicSchema, 'The stored clinic.')],
      errors: {
        412: STALE,
        404: 'No clinic yet.',
        422: "Changing the sign-in policy: the medic's current password (and code) is missing or wrong.",
        429: SLOWED,
        503: NO_MAIL,
        409: 'The new hours strand booked turns and no choice was given for them.',
      },
    }),
    jsonBody(ClinicUpdateSchema),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(versioned(c, await saveClinic(c, input.ID, input)), 200);
    },
  )
  .put(
    '/:id',
    route({
      who: 'medic',
      audit: 'update clinic',
      summary: 'Update the clinic by ID',
      description: 'As `PUT /api/Clinics`.',
      success: [json(200, ClinicSchema, 'The stored clinic.')],
      errors: {
        412: STALE,
        404: 'No clinic with this ID.',
        422: "Changing the sign-in policy: the medic's current password (and code) is missing or wrong.",
        429: SLOWED,
        503: NO_MAIL,
        409: 'The new hours strand booked turns and no choice was given for them.',
      },
    }),
    paramsOf(IdParam),
    jsonBody(ClinicUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      if (input.ID !== undefined && input.ID !== id) throw new AppError('not_found', MSG.clinicNotAdded);
      return c.json(versioned(c, await saveClinic(c, id, input)), 200);
    },
  );
