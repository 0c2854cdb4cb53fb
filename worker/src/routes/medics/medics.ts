import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { isMedicSelf } from '../../auth/caller';
import { withEmailChange } from '../../auth/email-confirmation';
import { resetFactorOf } from '../../auth/factor-reset';
import { checkOwnIdentityChange, reauthenticate } from '../../auth/identity';
import { tellEveryMedic } from '../../auth/medic-notice';
import { MedicSignUpSchema } from '../../contract/accounts';
import {
  MedicRecordResultSchema,
  MedicSchema,
  PendingMedicSchema,
  SignUpResultSchema,
} from '../../contract/answers';
import { MedicRegisterSchema, MedicUpdateSchema } from '../../contract/medics';
import { MSG } from '../../contract/messages';
import { MessageAnswerSchema, ReauthSchema } from '../../contract/second-factor';
import { IdParamSchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { assertFresh, versioned } from '../../lib/etag';
import { pepperOf } from '../../lib/password';
import { json, NO_MAIL, route, SLOWED, STALE } from '../../lib/route';
import { dryRun, dryRunnable, jsonBody, paramsOf, queryOf, tagged } from '../../lib/validate';
import { requireMail } from '../../services/mail';
import { signUpMedicAnswer } from '../accounts/accounts';
import {
  approveMedic,
  emailBelongsToOther,
  findMedic,
  findMedicByEmail,
  isPendingMedic,
  listMedics,
  pendingMedics,
  registerMedic,
  updateMedic,
} from './medics.repo';

/** `?validate=true` on approval: the same check as the write (a medic waiting for approval, else 404), nothing written. */
const approvalCheckOnly = createMiddleware<Env>(async (c, next) => {
  if (!dryRun(c)) return next();
  if (!(await isPendingMedic(c.get('db'), Number(c.req.param('id')))))
    throw new AppError('not_found', MSG.notFound);
  return c.json({ errors: {} }, 200);
});

/** Without a session POST /medics is sign-up; with one, a medic registers another medic. */
const signUp = tagged('signUp', MedicSignUpSchema);
const register = tagged('register', MedicRegisterSchema);
const EmailQuery = v.object({ email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))) });

/**
 * Medics (/medics): the list, one medic by email, sign-up or a signed-in medic registering another
 * medic ('Medical record', /home/doctor), the approval of self-registered medics, and the medic's
 * own profile update.
 */
export const medicsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      who: 'medic',
      summary: 'List medics, or find one by email',
      success: [
        json(200, v.union([v.array(MedicSchema), MedicSchema]), 'Every medic, or the one with `email`.'),
      ],
      errors: { 404: 'No medic with this email.' },
    }),
    queryOf(EmailQuery),
    async (c) => {
      const { email } = c.req.valid('query');
      const db = c.get('db');
      if (email === undefined) return c.json(await listMedics(db), 200);
      const medic = await findMedicByEmail(db, email);
      if (!medic) throw new AppError('not_found', MSG.notFound);
      return c.json(versioned(c, medic), 200);
    },
  )
  // Without a session this is sign-up; with one, an approved medic (the access rule 'signup')
  // registers another medic of the clinic, who is approved at once.
  .post(
    '/',
    route({
      who: 'signup',
      audit: 'register medic',
      summary: 'Sign up as a medic, or register one',
      description:
        "Without a session: a medic's sign-up, approved by a medic of the clinic later. An approved medic registers another ('Medical record').",
      success: [
        json(
          201,
          v.union([SignUpResultSchema, MedicRecordResultSchema]),
          'The new account, or the new medic.',
        ),
      ],
      errors: {
        404: 'The clinic named does not exist.',
        409: 'This user already exists.',
        422: "Registering: the medic's current password (and code) is missing or wrong.",
        429: 'Too many sign-ups from this address, or too many wrong passwords.',
        503: NO_MAIL,
      },
    }),
    jsonBody((c) => (c.get('user') ? register : signUp)),
    async (c) => {
      const body = c.req.valid('json');
      if (body.as === 'signUp') return signUpMedicAnswer(c, body.input);
      // A session alone cannot add a medic: the medic proves who they are again.
      await reauthenticate(c, body.input);
      requireMail(c.env);
      const medic = await registerMedic(c.get('db'), pepperOf(c.env), body.input);
      await tellEveryMedic(
        c,
        MSG.medicAddedSubject,
        `A medic account was added to your clinic: ${medic.name} ${medic.lastName} (${medic.email}). It reads every patient's records.`,
        [medic.UserID],
      );
      return c.json(medic, 201);
    },
  )
  // Self-registered medics waiting for approval, and their approval by a medic of the clinic.
  .get(
    '/pending',
    route({
      who: 'medic',
      summary: 'Medics waiting for approval',
      success: [json(200, v.array(PendingMedicSchema), 'Oldest first.')],
    }),
    async (c) => c.json(await pendingMedics(c.get('db')), 200),
  )
  .put(
    '/:id/approve',
    route({
      who: 'medic',
      audit: 'approve medic',
      summary: 'Approve a medic',
      success: [json(200, MessageAnswerSchema, 'Approved (every medic is mailed).')],
      errors: {
        422: "The medic's current password (and code) is missing or wrong.",
        429: SLOWED,
        503: NO_MAIL,
      },
    }),
    paramsOf(IdParamSchema),
    dryRunnable(),
    approvalCheckOnly,
    jsonBody(ReauthSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await reauthenticate(c, c.req.valid('json'));
      requireMail(c.env);
      const db = c.get('db');
      await approveMedic(db, id);
      const medic = await findMedic(db, id);
      await tellEveryMedic(
        c,
        MSG.medicAddedSubject,
        `A medic account waiting for approval was approved: ${medic ? `${medic.name} ${medic.lastName} (${medic.email})` : `medic ${id}`}. It reads every patient's records.`,
        medic ? [medic.UserID] : [],
      );
      return c.json({ ok: true as const, msg: MSG.medicApproved }, 200);
    },
  )
  .put(
    '/:id',
    route({
      who: 'medic',
      summary: 'Update my medic profile',
      description:
        'A new email takes effect only when the link mailed to it is used: until then the answer keeps the old `email` and names the new one in `emailPending`.',
      success: [json(200, MedicSchema, 'The updated medic.')],
      errors: {
        412: STALE,
        409: 'The email belongs to someone else.',
        429: 'Too many changes of document or email for this account or address: refused for an hour.',
        503: NO_MAIL,
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(MedicUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      // "Update my info": a medic edits only their own profile.
      if (!isMedicSelf(c.get('user'), id)) throw new AppError('forbidden', MSG.forbidden);
      const db = c.get('db');
      const medic = await findMedic(db, id);
      if (!medic) throw new AppError('not_found', MSG.notFound);
      await assertFresh(c, async () => medic);
      const input = c.req.valid('json');
      const change = await checkOwnIdentityChange(c, {
        email: input.infoUser.email,
        currentPassword: input.currentPassword,
        code: input.code,
      });
      if (await emailBelongsToOther(db, input.infoUser.email, medic.UserID)) {
        throw new AppError('conflict', MSG.emailTaken, { 'infoUser.email': { msg: MSG.emailTaken } });
      }
      // A new email waits for the link mailed to it: the account keeps the old one until then.
      if (change.emailChanged) requireMail(c.env);
      const written = change.emailChanged
        ? { ...input, infoUser: { ...input.infoUser, email: change.oldEmail } }
        : input;
      const updated = await updateMedic(db, medic, written);
      if (!updated) throw new AppError('not_found', MSG.notFound);
      // The tag is the stored record's: the next save's If-Match still matches it.
      const newEmail = change.emailChanged ? input.infoUser.email : null;
      return c.json(await withEmailChange(c, versioned(c, updated), newEmail), 200);
    },
  )
  // A medic who lost the device and the recovery codes: another medic of the clinic resets the
  // factor. Its declaration writes it to the access log; the account's owner is mailed, and every
  // session of that account ends, so the next sign-in enrols again.
  .delete(
    '/:id/second-factor',
    route({
      who: 'medic',
      audit: 'reset second factor',
      summary: "Reset another medic's second factor",
      success: [json(200, MessageAnswerSchema, 'Reset: the medic enrols again at the next sign-in.')],
      errors: {
        403: 'A medic cannot reset their own.',
        422: "The caller's current password (and code) is missing or wrong.",
        429: SLOWED,
        503: NO_MAIL,
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(ReauthSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const caller = c.get('user');
      if (isMedicSelf(caller, id)) throw new AppError('forbidden', MSG.secondFactorResetSelf);
      const medic = await findMedic(c.get('db'), id);
      if (!medic) throw new AppError('not_found', MSG.notFound);
      await resetFactorOf(c, { userId: medic.UserID, email: medic.email }, c.req.valid('json'));
      return c.json({ ok: true as const, msg: MSG.secondFactorReset }, 200);
    },
  );
