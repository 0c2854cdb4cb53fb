import { Hono } from 'hono';
import { reauthenticate } from '../../auth/identity';
import { confirmEnrolment, hasFactor, secondFactorStatus, startEnrolment } from '../../auth/second-factor';
import { removeFactor } from '../../auth/second-factor.repo';
import { completeSession } from '../../auth/session.repo';
import { MSG } from '../../contract/messages';
import {
  MessageAnswerSchema,
  SecondFactorAnswerSchema,
  SecondFactorConfirmAnswerSchema,
  SecondFactorConfirmSchema,
  SecondFactorOffSchema,
  SecondFactorSetupAnswerSchema,
} from '../../contract/second-factor';
import type { Env } from '../../env';
import { AppError, invalid } from '../../lib/errors';
import { json, route, SLOWED } from '../../lib/route';
import { jsonBody } from '../../lib/validate';

/** The signed-in user, also one whose session still owes its enrolment. */
function userOf(c: { get(key: 'user'): Env['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized', MSG.notSignedIn);
  return user;
}

/**
 * The signed-in user's own second factor (TOTP): its status; enrolment in two steps (`/setup`
 * answers the secret and its QR code once, then the first code confirms it and answers ten
 * recovery codes once); turning it off. The secret is never answered again after enrolment.
 */
export const secondFactorRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      who: 'user',
      pending: true,
      summary: 'Second factor status',
      success: [json(200, SecondFactorAnswerSchema, 'Whether a factor is set up and required.')],
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await secondFactorStatus(c.get('db'), userOf(c).id), 200);
    },
  )
  .post(
    '/setup',
    route({
      who: 'user',
      pending: true,
      summary: 'Start enrolling a second factor',
      success: [
        json(200, SecondFactorSetupAnswerSchema, 'The secret, shown once, until the first code confirms it.'),
      ],
      errors: {
        409: 'A second factor is already on.',
        503: 'Second factors are not configured on this deployment.',
      },
    }),
    async (c) => {
      const user = userOf(c);
      const db = c.get('db');
      if (await hasFactor(db, user.id)) throw new AppError('conflict', MSG.secondFactorAlreadyOn);
      c.header('Cache-Control', 'no-store');
      return c.json(await startEnrolment(db, c.env, user), 200);
    },
  )
  .post(
    '/',
    route({
      who: 'user',
      pending: true,
      summary: 'Confirm the second factor',
      success: [json(200, SecondFactorConfirmAnswerSchema, 'On; the recovery codes, shown this once.')],
      errors: {
        401: 'The code is wrong.',
        403: 'The current password is wrong.',
        409: 'Already on, or no enrolment was started.',
        429: SLOWED,
        503: 'Second factors are not configured on this deployment.',
      },
    }),
    jsonBody(SecondFactorConfirmSchema),
    async (c) => {
      const user = userOf(c);
      const db = c.get('db');
      const { code, currentPassword } = c.req.valid('json');
      if (await hasFactor(db, user.id)) throw new AppError('conflict', MSG.secondFactorAlreadyOn);
      // A session that owes its enrolment has just given the password; any other re-authenticates.
      if (user.pending !== 'enrol') await reauthenticate(c, { currentPassword });
      const codes = await confirmEnrolment(db, c.env, user, code, MSG.signInSlowDown);
      if (codes === 'not-started') throw new AppError('conflict', MSG.secondFactorNotStarted);
      if (!codes) throw invalid({ code: { msg: MSG.secondFactorWrong } });
      // The sign-in that owed this enrolment is complete now.
      if (user.pending === 'enrol') await completeSession(db, user.sessionId);
      c.header('Cache-Control', 'no-store');
      return c.json({ msg: MSG.secondFactorOn, recoveryCodes: codes }, 200);
    },
  )
  .delete(
    '/',
    route({
      who: 'user',
      summary: 'Turn the second factor off',
      success: [json(200, MessageAnswerSchema, 'Off.')],
      errors: {
        401: 'The code is wrong.',
        403: "The current password is wrong, or the clinic requires medics' second factor.",
        409: 'No second factor is on.',
        429: SLOWED,
      },
    }),
    jsonBody(SecondFactorOffSchema),
    async (c) => {
      const user = userOf(c);
      const db = c.get('db');
      const status = await secondFactorStatus(db, user.id);
      if (!status.enabled) throw new AppError('conflict', MSG.secondFactorNotOn);
      if (status.required) throw new AppError('forbidden', MSG.secondFactorKeptByClinic);
      await reauthenticate(c, c.req.valid('json'));
      await removeFactor(db, user.id);
      return c.json({ ok: true as const, msg: MSG.secondFactorOff }, 200);
    },
  );
