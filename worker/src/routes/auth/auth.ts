import { Hono } from 'hono';
import { DUMMY_HASH, pepperOf, verifyPassword } from '../../auth/password';
import {
  checkWithSignInDelay,
  clientAddress,
  giveBack,
  LOGIN_FAILURES_PER_ADDRESS,
  takeAttempt,
} from '../../auth/rate-limit';
import { createSession, endSession } from '../../auth/session';
import { OneUserSchema } from '../../contract/accounts';
import type { LoginResult } from '../../contract/login';
import { LoginSchema } from '../../contract/login';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody } from '../../lib/validate';
import { meOf, userByEmail, userExists } from './auth.repo';

export const auth = new Hono<Env>()
  .post('/login', jsonBody(LoginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = c.get('db');
    const byAddress = `login:ip:${clientAddress(c)}`;
    // Failures per address: an attempt is counted before its check (so parallel ones cannot all read
    // a count under the limit) and given back when it was not a failure.
    if ((await takeAttempt(db, byAddress, LOGIN_FAILURES_PER_ADDRESS)) > LOGIN_FAILURES_PER_ADDRESS.max) {
      await giveBack(db, byAddress);
      throw new AppError('too_many_requests', MSG.tooManyAttempts);
    }
    let user: Awaited<ReturnType<typeof userByEmail>>;
    let ok: boolean;
    try {
      // Per email, a growing delay after wrong passwords; the right one passes once it is over.
      ok = await checkWithSignInDelay(db, email, MSG.signInSlowDown, async () => {
        user = await userByEmail(db, email);
        // Always run the KDF, so an unknown email takes as long as a wrong password.
        const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, pepperOf(c.env));
        return Boolean(user?.passwordHash) && matches;
      });
    } catch (err) {
      await giveBack(db, byAddress);
      throw err;
    }
    if (!ok || !user) throw new AppError('unauthorized', MSG.incorrectLogin);
    await giveBack(db, byAddress);
    const token = await createSession(c, user.id);
    // The HttpOnly cookie carries the session; the token itself is in the body only for a Bearer
    // client that asks, so a script on the page never sees it.
    const result: LoginResult = {
      ...(c.req.query('bearer') === 'true' ? { token } : {}),
      userType: user.userType,
      name: user.name,
      lastName: user.lastName,
      document: user.document,
      email: user.email,
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
    return c.json(me, 200);
  })
  // SPEC's account check. Social sign-in runs on the server and no screen needs it, so it answers
  // only a signed-in medic (access table), who may list the patients anyway: nobody else can use
  // it to learn who has an account (docs/product.md, decided departures).
  .post('/login/oneUser', jsonBody(OneUserSchema), async (c) =>
    c.json({ success: await userExists(c.get('db'), c.req.valid('json').email) }, 200),
  );
