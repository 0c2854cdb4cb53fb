import { type Context, Hono } from 'hono';
import { checkOwnCode } from '../../auth/identity';
import {
  checkWithSignInDelay,
  clearSignInDelay,
  clientAddress,
  RESET_PER_ADDRESS,
  RESET_PER_EMAIL,
  refusedFor,
  takeWithin,
} from '../../auth/rate-limit';
import { attemptsIn, type Limit, takeAttempt } from '../../auth/rate-limit.repo';
import { endSession } from '../../auth/session';
import { ChangePasswordSchema, ForgotPasswordSchema, NewPasswordSchema } from '../../contract/accounts';
import { MsgSchema } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import { type Env, isLocal } from '../../env';
import { AppError } from '../../lib/errors';
import { appOrigin } from '../../lib/http';
import { DUMMY_HASH, pepperOf, verifyPassword } from '../../lib/password';
import { json, NO_MAIL, route, SLOWED, TOO_MANY } from '../../lib/route';
import { jsonBody } from '../../lib/validate';
import { closeLiveSockets } from '../../services/live/announce';
import { requireMail, sendMail } from '../../services/mail';
import { changePassword, issueResetToken, passwordHashOf, resetPassword } from './password.repo';

async function refuseOverLimit(db: Db, limits: [string, Limit][]): Promise<void> {
  for (const [key, limit] of limits) {
    if ((await attemptsIn(db, key, limit)) >= limit.max)
      throw await refusedFor(db, [[key, limit]], MSG.tooManyAttempts);
  }
}

async function countAll(db: Db, limits: [string, Limit][]): Promise<void> {
  await Promise.all(limits.map(([key, limit]) => takeAttempt(db, key, limit)));
}

/**
 * Deployed, `work` runs after the answer is sent (waitUntil), so the answer takes as long for a
 * known email as for an unknown one. Locally it is awaited, so the dev outbox already holds the mail.
 */
async function afterResponse(c: Context<Env>, work: Promise<void>): Promise<void> {
  if (isLocal(c.env)) return work;
  c.executionCtx.waitUntil(work);
}

/** The link a reset mail carries. The token rides in the fragment, so it never reaches a server log. */
export function resetLink(origin: string, token: string): string {
  return `${origin}/newPassword#token=${encodeURIComponent(token)}`;
}

/**
 * Password reset and change.
 *
 * `POST /password/reset` answers the same 'Check your email box' whether or not the email has an
 * account, so the form cannot be used to find out who is a patient; only a malformed email is
 * refused (422, shown as 'Incorrect User'). Requests are rate limited per email and per address.
 */
export const password = new Hono<Env>()
  .post(
    '/reset',
    route({
      who: 'public',
      summary: 'Mail a password reset link',
      description:
        "Answers 'Check your email box' for every well-formed email: it never says who has an account.",
      success: [json(200, MsgSchema, 'Done (a link is mailed when the email has an account).')],
      errors: { 429: TOO_MANY, 503: NO_MAIL },
    }),
    jsonBody(ForgotPasswordSchema),
    async (c) => {
      const { email } = c.req.valid('json');
      requireMail(c.env);
      const db = c.get('db');
      // The origin of the link is settled first: deployed without APP_ORIGIN there is no safe one (503).
      const origin = appOrigin(c);
      await takeWithin(
        db,
        [
          [`reset:email:${email}`, RESET_PER_EMAIL],
          [`reset:ip:${clientAddress(c)}`, RESET_PER_ADDRESS],
        ],
        MSG.tooManyAttempts,
      );
      // The answer does not wait for the account lookup or the mail, so a known email takes as long as
      // an unknown one; the work goes on after the response.
      const work = (async () => {
        const token = await issueResetToken(db, email);
        if (!token) return;
        await sendMail(db, c.env, {
          to: email,
          subject: MSG.resetMailSubject,
          text: `Someone asked to reset the password of your Clinic account. To choose a new password, open this link within 30 minutes:\n\n${resetLink(origin, token)}\n\nIf it was not you, ignore this message: your password stays as it is.`,
        });
      })().catch((err: unknown) => console.error('password reset mail failed', err));
      await afterResponse(c, work);
      return c.json({ msg: MSG.checkYourEmailBox }, 200);
    },
  )
  .put(
    '/reupdate',
    route({
      who: 'public',
      summary: 'Set a new password with a reset link',
      success: [json(200, MsgSchema, 'The password is changed; every session of the account ends.')],
      errors: { 403: 'The link is not valid or has expired.', 429: TOO_MANY },
    }),
    jsonBody(NewPasswordSchema),
    async (c) => {
      const { email, password: newPassword, token } = c.req.valid('json');
      const db = c.get('db');
      const limits: [string, Limit][] = [[`reupdate:ip:${clientAddress(c)}`, RESET_PER_ADDRESS]];
      await refuseOverLimit(db, limits);
      try {
        const userId = await resetPassword(db, pepperOf(c.env), { email, token, password: newPassword });
        await closeLiveSockets(c.env, { user: userId });
        // The owner slowed down by wrong passwords (someone else's, perhaps) gets in with the new one.
        await clearSignInDelay(db, email);
      } catch (err) {
        if (err instanceof AppError && err.code === 'forbidden') await countAll(db, limits);
        throw err;
      }
      return c.json({ msg: MSG.passwordUpdatedSuccessfully }, 200);
    },
  )
  .put(
    '/update',
    route({
      who: 'user',
      summary: 'Change the password',
      success: [json(200, MsgSchema, 'The password is changed; the other sessions end.')],
      errors: { 403: 'The current password is wrong.', 429: SLOWED },
    }),
    jsonBody(ChangePasswordSchema),
    async (c) => {
      const { email, currentPassword, newPassword, code } = c.req.valid('json');
      const db = c.get('db');
      const sessionUser = c.get('user');
      if (!sessionUser) throw new AppError('unauthorized', MSG.notSignedIn);
      // Counted like a sign-in, before the check, so parallel guesses get no more tries than logins.
      const ok = await checkWithSignInDelay(db, sessionUser.email, MSG.signInSlowDown, async () => {
        const passwordHash = await passwordHashOf(db, sessionUser.id);
        const matches = await verifyPassword(currentPassword, passwordHash ?? DUMMY_HASH, pepperOf(c.env));
        const sameAccount = !email || email.trim().toLowerCase() === sessionUser.email;
        return Boolean(passwordHash) && matches && sameAccount;
      });
      if (!ok) {
        // The screen sends the user back to the login page "for your safety"; the server
        // ends this session too, so a wrong guess on an unattended screen costs the session.
        await endSession(c, sessionUser.sessionId);
        throw new AppError('forbidden', MSG.passwordChangeFailed);
      }
      // With a second factor, its code comes in the same request (422 on the code field until then).
      await checkOwnCode(c, sessionUser, code);
      await changePassword(db, pepperOf(c.env), sessionUser.id, newPassword);
      await closeLiveSockets(c.env, { user: sessionUser.id });
      await endSession(c, sessionUser.sessionId);
      return c.json({ msg: MSG.passwordUpdated }, 200);
    },
  );
