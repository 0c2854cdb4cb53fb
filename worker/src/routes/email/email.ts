import { type Context, Hono } from 'hono';
import {
  applyEmailChange,
  emailTakenByOther,
  findConfirmation,
  markConfirmed,
  spendConfirmation,
  unspendConfirmation,
} from '../../auth/email-confirmation.repo';
import { afterEmailChanged } from '../../auth/identity';
import { auditLink } from '../../auth/link-audit';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { linkPage, wantsPage } from '../../lib/link-page';
import { html, route } from '../../lib/route';

const TITLE = MSG.emailConfirmTitle;

/** A browser opening a bad, expired or used link gets a page; any other client the API's error shape. */
function invalidLink(c: Context<Env>) {
  if (wantsPage(c)) return linkPage(c, 404, { title: TITLE, message: MSG.emailConfirmLinkInvalid });
  throw new AppError('not_found', MSG.emailConfirmLinkInvalid);
}

/** The link's row while it is unused, unexpired and still about the account as it is; else undefined. */
async function linkOf(c: Context<Env>) {
  const link = await findConfirmation(c.get('db'), c.req.query('token') ?? '');
  // A sign-up's link proves the account's own address: after an email change it proves nothing.
  if (!link || (link.kind === 'signup' && link.email !== link.accountEmail)) return undefined;
  return link;
}

/**
 * The mailed confirmation link, with no sign-in. Its GET only shows the address and a button (mail
 * scanners follow links); the button's POST confirms, once. A sign-up's link marks the account's
 * email confirmed; an email change's makes the new address the sign-in email, ends every other
 * session and tells the old address.
 */
export const emailRoutes = new Hono<Env>()
  .get(
    '/confirm',
    route({
      // The mailed link that proves an address (sign-up, email change): the single-use token is the key.
      // Public, so not audited by this table: a valid link's use of a patient's account writes its own row.
      who: 'public',
      summary: 'The mailed email confirmation link',
      description:
        'Shows the address and a button; the link alone changes nothing (mail scanners follow links).',
      success: [html('A page with the button.')],
      errors: {
        404: 'The link is not valid, has expired or was already used (a browser gets a page saying so).',
      },
    }),
    async (c) => {
      const link = await linkOf(c);
      if (!link) return invalidLink(c);
      return linkPage(c, 200, {
        title: TITLE,
        message: link.kind === 'change' ? MSG.emailChangeConfirmAsk : MSG.emailConfirmAsk,
        details: [`Email: ${link.email}`],
        form: {
          action: `/api/email/confirm?token=${encodeURIComponent(c.req.query('token') ?? '')}`,
          label: MSG.emailConfirmButton,
        },
      });
    },
  )
  .post(
    '/confirm',
    route({
      who: 'public',
      summary: 'Confirm an email',
      description:
        "Single-use, no sign-in. A sign-up's link marks the account's email confirmed; an email change's makes the new address the sign-in email, ends every other session and tells the old address.",
      success: [html('Done, in words.')],
      errors: {
        404: 'The link is not valid, has expired or was already used (a browser gets a page saying so).',
        409: 'The new address was taken by another account meanwhile.',
      },
    }),
    async (c) => {
      const link = await linkOf(c);
      if (!link) return invalidLink(c);
      const db = c.get('db');
      // Taken by someone else since it was asked for: the link stays unused, the page says so.
      const taken = () => {
        if (wantsPage(c)) return linkPage(c, 409, { title: TITLE, message: MSG.emailTaken });
        throw new AppError('conflict', MSG.emailTaken);
      };
      if (link.kind === 'change' && (await emailTakenByOther(db, link.email, link.userId))) return taken();
      if (!(await spendConfirmation(db, link.tokenHash))) return invalidLink(c);
      if (link.kind === 'signup') {
        await markConfirmed(db, link.userId);
      } else {
        try {
          await applyEmailChange(db, { userId: link.userId, email: link.email, sessionId: link.sessionId });
        } catch (err) {
          // Another account confirmed the same address first: the unique index decides.
          if (!isUniqueViolation(err)) throw err;
          await unspendConfirmation(db, link.tokenHash);
          return taken();
        }
        await afterEmailChanged(c, {
          userId: link.userId,
          keepSession: link.sessionId,
          oldEmail: link.accountEmail,
          newEmail: link.email,
        });
      }
      if (link.patientId !== null) {
        await auditLink(
          c,
          link.kind === 'change' ? 'confirm email change' : 'confirm email',
          link.patientId,
          200,
        );
      }
      return linkPage(c, 200, {
        title: TITLE,
        message: link.kind === 'change' ? MSG.emailChangeConfirmed : MSG.emailConfirmed,
        details: [`Email: ${link.email}`],
      });
    },
  );
