import { Hono } from 'hono';
import {
  checkWithSignInDelay,
  clientAddress,
  KNOWN_ADDRESS_MS,
  knownAddressKey,
  LOGIN_FAILURES_PER_ADDRESS,
  NOT_A_FAILURE,
  refusedFor,
} from '../../auth/rate-limit';
import { giveBack, remember, remembered, takeAttempt } from '../../auth/rate-limit.repo';
import { checkSecondFactor, pendingStepOf, takeFactorCode } from '../../auth/second-factor';
import { createSession, endSession } from '../../auth/session';
import { completeSession } from '../../auth/session.repo';
import { OneUserSchema } from '../../contract/accounts';
import { LoginResultSchema, MeSchema, OkSchema, OneUserAnswerSchema } from '../../contract/answers';
import type { LoginResult } from '../../contract/login';
import { LoginSchema } from '../../contract/login';
import { MSG } from '../../contract/messages';
import { LoginCodeSchema } from '../../contract/second-factor';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { DUMMY_HASH, pepperOf, verifyPassword } from '../../lib/password';
import { json, route, SLOWED } from '../../lib/route';
import { jsonBody } from '../../lib/validate';
import { meOf, userByEmail, userExists } from './auth.repo';

export const auth = new Hono<Env>()
  .post(
    '/login',
    route({
      who: 'public',
      summary: 'Sign in',
      description:
        'Sets the HttpOnly session cookie. A Bearer client asks for the token in the body with `?bearer=true` (and then gets no cookie). An account with a second factor sends its `code` in the same request (401 until it does).',
      success: [json(200, LoginResultSchema, 'Signed in.')],
      errors: {
        401: 'Incorrect username or password, or the second factor code is missing or wrong.',
        429: 'Too many failed sign-ins from this address, or too many wrong passwords for this account lately (`Retry-After` says how many seconds to wait).',
      },
    }),
    jsonBody(LoginSchema),
    async (c) => {
      const { email, password, code } = c.req.valid('json');
      const db = c.get('db');
      const address = clientAddress(c);
      const byAddress = `login:ip:${address}`;
      const known = knownAddressKey(email, address);
      // Failures per address: an attempt is counted before its check (so parallel ones cannot all read
      // a count under the limit) and given back when it was not a failure. Past the limit, an account
      // that signed in from this address before still gets its check (the clinic's own Wi-Fi).
      let counted = true;
      if ((await takeAttempt(db, byAddress, LOGIN_FAILURES_PER_ADDRESS)) > LOGIN_FAILURES_PER_ADDRESS.max) {
        await giveBack(db, byAddress);
        counted = false;
        if (!(await remembered(db, known, Date.now() - KNOWN_ADDRESS_MS)))
          throw await refusedFor(db, [[byAddress, LOGIN_FAILURES_PER_ADDRESS]], MSG.tooManyAttempts);
      }
      const giveBackAttempt = () => (counted ? giveBack(db, byAddress) : Promise.resolve());
      let user: Awaited<ReturnType<typeof userByEmail>>;
      let step: Awaited<ReturnType<typeof pendingStepOf>> = null;
      let refusal: string = MSG.incorrectLogin;
      let ok: boolean | typeof NOT_A_FAILURE;
      try {
        // Per email, a growing delay after wrong passwords and wrong codes; the right ones pass once
        // it is over. The password and the second factor are one check under it, so the delay is
        // cleared only when both are right: a known password does not buy unlimited code guesses.
        ok = await checkWithSignInDelay<boolean | typeof NOT_A_FAILURE>(
          db,
          email,
          MSG.signInSlowDown,
          async () => {
            user = await userByEmail(db, email);
            // Always run the KDF, so an unknown email takes as long as a wrong password.
            const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, pepperOf(c.env));
            if (!user?.passwordHash || !matches) return false;
            step = await pendingStepOf(db, user);
            if (step !== 'code') return true;
            // The second step: with a factor set up, the code comes in the same request (401 until it does).
            // The right password without its code is no failure (a staff member's every sign-in asks
            // for the code): it is given back under both limits. A wrong code is a failure.
            if (!code) {
              refusal = MSG.secondFactorRequired;
              return NOT_A_FAILURE;
            }
            refusal = MSG.secondFactorWrong;
            return takeFactorCode(db, c.env, user.id, code);
          },
          Date.now(),
          address,
        );
      } catch (err) {
        await giveBackAttempt();
        throw err;
      }
      if (ok === NOT_A_FAILURE) {
        await giveBackAttempt();
        throw new AppError('unauthorized', refusal);
      }
      if (!ok || !user) throw new AppError('unauthorized', refusal);
      await giveBackAttempt();
      await remember(db, known);
      // A medic the clinic requires a factor of gets a session that reaches only the enrolment.
      const pending = step === 'enrol' ? 'enrol' : null;
      const bearer = c.req.query('bearer') === 'true';
      const token = await createSession(c, user.id, pending, { cookie: !bearer });
      // The HttpOnly cookie carries the session; the token itself is in the body only for a Bearer
      // client that asks, so a script on the page never sees it.
      const result: LoginResult = {
        ...(bearer ? { token } : {}),
        userType: user.userType,
        name: user.name,
        lastName: user.lastName,
        document: user.document,
        email: user.email,
        ...(pending ? { secondFactor: pending } : {}),
      };
      return c.json(result, 200);
    },
  )
  // The second step after a social sign-in's redirect: the session it left owes the code.
  .post(
    '/login/code',
    route({
      // Second factor (TOTP): the code after a social sign-in's redirect, enrolment, turning it off;
      // a medic of the clinic resets another medic's factor (written to the access log).
      who: 'user',
      pending: true,
      summary: 'Second sign-in step',
      description: 'The second factor code after a social sign-in, whose session still owes it.',
      success: [json(200, LoginResultSchema, 'Signed in.')],
      errors: { 409: 'This session owes no code.', 429: SLOWED },
    }),
    jsonBody(LoginCodeSchema),
    async (c) => {
      const sessionUser = c.get('user');
      if (sessionUser?.pending !== 'code') throw new AppError('conflict', MSG.secondFactorNotOn);
      const db = c.get('db');
      if (!(await checkSecondFactor(db, c.env, sessionUser, c.req.valid('json').code, MSG.signInSlowDown))) {
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
    },
  )
  .post(
    '/logout',
    route({
      who: 'user',
      pending: true,
      summary: 'Sign out',
      success: [json(200, OkSchema, 'The session ended and its cookie is cleared.')],
    }),
    async (c) => {
      const user = c.get('user');
      if (user) await endSession(c, user.sessionId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .get(
    '/me',
    route({
      who: 'user',
      pending: true,
      summary: 'Who is signed in',
      success: [json(200, MeSchema, 'The signed-in user.')],
    }),
    async (c) => {
      const sessionUser = c.get('user');
      if (!sessionUser) throw new AppError('unauthorized', MSG.notSignedIn);
      const me = await meOf(c.get('db'), sessionUser.id);
      if (!me) throw new AppError('unauthorized', MSG.notSignedIn);
      return c.json({ ...me, pending: sessionUser.pending }, 200);
    },
  )
  // SPEC's account check. Social sign-in runs on the server and no screen needs it, so it answers
  // only a signed-in medic (its declaration), who may list the patients anyway: nobody else can use
  // it to learn who has an account (docs/product.md, decided departures).
  .post(
    '/login/oneUser',
    route({
      // Whether an email has an account: a medic's question only (no account discovery).
      who: 'medic',
      summary: 'Whether an email has an account',
      description: "A medic's question only (SPEC's account check; no account discovery for anyone else).",
      success: [json(200, OneUserAnswerSchema, '`success` is true when the email has an account.')],
    }),
    jsonBody(OneUserSchema),
    async (c) => c.json({ success: await userExists(c.get('db'), c.req.valid('json').email) }, 200),
  );
