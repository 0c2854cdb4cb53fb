import { Hono } from 'hono';
import { DUMMY_HASH, pepperOf, verifyPassword } from '../../auth/password';
import {
  clientAddress,
  giveBack,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  takeAttempt,
  takeWithin,
} from '../../auth/rate-limit';
import { checkSecondFactor, pendingStepOf } from '../../auth/second-factor';
import { completeSession, createSession, endSession } from '../../auth/session';
import { OneUserSchema } from '../../contract/accounts';
import type { LoginResult } from '../../contract/login';
import { LoginSchema } from '../../contract/login';
import { MSG } from '../../contract/messages';
import { LoginCodeSchema } from '../../contract/second-factor';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody } from '../../lib/validate';
import { meOf, userByEmail, userExists } from './auth.repo';

export const auth = new Hono<Env>()
  .post('/login', jsonBody(LoginSchema), async (c) => {
    const { email, password, code } = c.req.valid('json');
    const db = c.get('db');
    const byEmail = `login:email:${email}`;
    const byAddress = `login:ip:${clientAddress(c)}`;
    // Each attempt is counted before the password is checked, atomically, so parallel attempts
    // cannot all read a count under the limit: at most `max` of them reach the check. A refused
    // attempt and a successful one are given back; only wrong passwords stay counted.
    if ((await takeAttempt(db, byEmail, LOGIN_PER_EMAIL)) > LOGIN_PER_EMAIL.max) {
      await giveBack(db, byEmail);
      throw new AppError('too_many_requests', MSG.signInLocked);
    }
    if ((await takeAttempt(db, byAddress, LOGIN_PER_ADDRESS)) > LOGIN_PER_ADDRESS.max) {
      await Promise.all([giveBack(db, byEmail), giveBack(db, byAddress)]);
      throw new AppError('too_many_requests', MSG.tooManyAttempts);
    }
    const user = await userByEmail(db, email);
    // Always run the KDF, so an unknown email takes as long as a wrong password.
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, pepperOf(c.env));
    if (!user?.passwordHash || !ok) throw new AppError('unauthorized', MSG.incorrectLogin);
    await Promise.all([giveBack(db, byEmail), giveBack(db, byAddress)]);
    // The second step: with a factor set up, the code comes in the same request (401 until it
    // does); a wrong code counts under the per-email limit like a wrong password.
    const step = await pendingStepOf(db, user);
    if (step === 'code') {
      if (!code) throw new AppError('unauthorized', MSG.secondFactorRequired);
      if (!(await checkSecondFactor(db, c.env, user, code, MSG.signInLocked))) {
        throw new AppError('unauthorized', MSG.secondFactorWrong);
      }
    }
    // A medic the clinic requires a factor of gets a session that reaches only the enrolment.
    const pending = step === 'enrol' ? 'enrol' : null;
    const token = await createSession(c, user.id, pending);
    // The HttpOnly cookie carries the session; the token itself is in the body only for a Bearer
    // client that asks, so a script on the page never sees it.
    const result: LoginResult = {
      ...(c.req.query('bearer') === 'true' ? { token } : {}),
      userType: user.userType,
      name: user.name,
      lastName: user.lastName,
      document: user.document,
      email: user.email,
      ...(pending ? { secondFactor: pending } : {}),
    };
    return c.json(result, 200);
  })
  // The second step after a social sign-in's redirect: the session it left owes the code.
  .post('/login/code', jsonBody(LoginCodeSchema), async (c) => {
    const sessionUser = c.get('user');
    if (sessionUser?.pending !== 'code') throw new AppError('conflict', MSG.secondFactorNotOn);
    const db = c.get('db');
    if (!(await checkSecondFactor(db, c.env, sessionUser, c.req.valid('json').code, MSG.signInLocked))) {
      throw new AppError('unauthorized', MSG.secondFactorWrong);
    }
    await completeSession(db, sessionUser.sessionId);
    const me = await meOf(db, sessionUser.id);
    if (!me) throw new AppError('unauthorized', MSG.notSignedIn);
    const result: LoginResult = {
      userType: me.userType,
      name: me.name,
      lastName: me.lastName,
      document: me.document,
      email: me.email,
    };
    return c.json(result, 200);
  })
  .post('/logout', async (c) => {
    const user = c.get('user');
    if (user) await endSession(c, user.sessionId);
    return c.json({ ok: true as const }, 200);
  })
  .get('/me', async (c) => {
    const sessionUser = c.get('user');
    if (!sessionUser) throw new AppError('unauthorized', MSG.notSignedIn);
    const me = await meOf(c.get('db'), sessionUser.id);
    if (!me) throw new AppError('unauthorized', MSG.notSignedIn);
    return c.json({ ...me, pending: sessionUser.pending }, 200);
  })
  .post('/login/oneUser', jsonBody(OneUserSchema), async (c) => {
    // The social sign-in's email check; it is rate limited per address so it cannot be used to
    // sweep a list of addresses.
    const db = c.get('db');
    await takeWithin(db, [[`oneUser:ip:${clientAddress(c)}`, LOGIN_PER_ADDRESS]], MSG.tooManyAttempts);
    return c.json({ success: await userExists(db, c.req.valid('json').email) }, 200);
  });
