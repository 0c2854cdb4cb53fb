import { type Context, Hono } from 'hono';
import { auditLink } from '../../auth/link-audit';
import { type ReplyAction, replyTurnId, signsReply } from '../../auth/turn-reply';
import type { Turn } from '../../contract/answers';
import { turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { decimalToTime } from '../../contract/office-hours';
import { cancelRefused, hasStarted, withinCancelNotice } from '../../contract/turns';
import { findClinic } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { linkPage, wantsPage } from '../../lib/link-page';
import { html, route } from '../../lib/route';
import { announceTurns } from '../../services/live/announce';
import { recordCancellation } from '../turns/cancellations';
import { deleteTurn, findTurn } from '../turns/turns.repo';
import { claimReply, confirmTurnByPatient, replyUsed } from './replies.repo';

const TITLE = 'Your turn';

/** A browser opening a bad or used link gets a page; any other client the API's error shape. */
function invalidLink(c: Context<Env>) {
  if (wantsPage(c)) return linkPage(c, 404, { title: TITLE, message: MSG.replyLinkInvalid });
  throw new AppError('not_found', MSG.replyLinkInvalid);
}

const detailsOf = (turn: Turn) => [`Date: ${turn.date}`, `Time: ${decimalToTime(turn.time)}`];

/** The turn a link's token signs, while the turn is where it was and the link is unused; else null. */
async function linkOf(c: Context<Env>, action: ReplyAction): Promise<Turn | null> {
  const token = replyTurnId(c.req.query('token') ?? '');
  if (!token) return null;
  const db = c.get('db');
  const turn = await findTurn(db, token.turnId);
  if (!turn || !(await signsReply(c.env, action, token.signature, turn))) return null;
  c.set('auditPatientId', turn.PatientID);
  return (await replyUsed(db, action, turn)) ? null : turn;
}

/** Claims the link's single use; false when another use got there first. */
async function useLink(c: Context<Env>, action: ReplyAction, turn: Turn): Promise<boolean> {
  return claimReply(c.get('db'), action, turn);
}

const action = (kind: ReplyAction, c: Context<Env>) =>
  `/api/replies/${kind}?token=${encodeURIComponent(c.req.query('token') ?? '')}`;

/**
 * Confirm or cancel a turn from the reminder's (or the booking mail's) links, with no sign-in. The
 * link's GET only shows the page and its button (mail scanners follow links); the button's POST
 * acts, once. Cancel keeps the patient's 24-hour rule: inside it, a turn the medic accepted is
 * not cancelled and the page says so.
 */
export const repliesRoutes = new Hono<Env>()
  .get(
    '/confirm',
    route({
      // Confirm or cancel from the reminder's links: no sign-in, the signed single-use token is the key.
      // Public, so not audited by this table (anyone could fill the log): a valid link's use writes its own row.
      who: 'public',
      summary: "The reminder's Confirm link",
      description: 'Shows a button; the link alone changes nothing (mail scanners follow links).',
      success: [html('A page with the button.')],
      errors: { 404: 'The link is not valid, or was already used (a browser gets a page saying so).' },
    }),
    async (c) => {
      const turn = await linkOf(c, 'confirm');
      if (!turn) return invalidLink(c);
      return linkPage(c, 200, {
        title: TITLE,
        message: MSG.replyConfirmAsk,
        details: detailsOf(turn),
        form: { action: action('confirm', c), label: MSG.replyConfirmButton },
      });
    },
  )
  .post(
    '/confirm',
    route({
      who: 'public',
      summary: 'Confirm a turn from the reminder',
      description:
        'Signed and single-use; no sign-in. The turn answers `patientConfirmed: true` from then on.',
      success: [html('Done, in words.')],
      errors: { 404: 'The link is not valid, or was already used (a browser gets a page saying so).' },
    }),
    async (c) => {
      const turn = await linkOf(c, 'confirm');
      if (!turn || !(await useLink(c, 'confirm', turn))) return invalidLink(c);
      await confirmTurnByPatient(c.get('db'), turn.ID);
      await auditLink(c, 'confirm turn by link', turn.PatientID, 200);
      await announceTurns(c, turnsNotice([turn]));
      return linkPage(c, 200, { title: TITLE, message: MSG.replyConfirmed, details: detailsOf(turn) });
    },
  )
  .get(
    '/cancel',
    route({
      who: 'public',
      summary: "The reminder's Cancel link",
      description: 'Shows a button and the 24-hour rule; inside the rule, says so and shows no button.',
      success: [html('A page with the button, or why it cannot be cancelled.')],
      errors: { 404: 'The link is not valid, or was already used (a browser gets a page saying so).' },
    }),
    async (c) => {
      const turn = await linkOf(c, 'cancel');
      if (!turn) return invalidLink(c);
      const clinic = await findClinic(c.get('db'));
      const zone = clinic?.timeZone ?? 'UTC';
      const now = new Date();
      if (hasStarted(turn, now, zone) || cancelRefused(turn, now, zone)) {
        return linkPage(c, 200, { title: TITLE, message: MSG.replyCancelTooLate, details: detailsOf(turn) });
      }
      return linkPage(c, 200, {
        title: TITLE,
        message: `${MSG.replyCancelAsk} ${MSG.cancelNotice}`,
        details: detailsOf(turn),
        form: { action: action('cancel', c), label: MSG.replyCancelButton },
      });
    },
  )
  .post(
    '/cancel',
    route({
      who: 'public',
      summary: 'Cancel a turn from the reminder',
      description:
        "Signed and single-use; no sign-in. Keeps the patient's 24-hour rule; the cancellation is recorded and the start goes to the waitlist.",
      success: [html('Done, in words.')],
      errors: {
        404: 'The link is not valid, or was already used (a browser gets a page saying so).',
        409: 'Too late to cancel: the medic accepted the turn and it starts within 24 hours, or it has started.',
      },
    }),
    async (c) => {
      const turn = await linkOf(c, 'cancel');
      if (!turn) return invalidLink(c);
      const db = c.get('db');
      const clinic = await findClinic(db);
      const zone = clinic?.timeZone ?? 'UTC';
      const now = new Date();
      // The 24-hour rule first: a refused cancel does not use the link up.
      const tooLate = () => {
        if (wantsPage(c))
          return linkPage(c, 409, {
            title: TITLE,
            message: MSG.replyCancelTooLate,
            details: detailsOf(turn),
          });
        throw new AppError('conflict', MSG.cancelNotice);
      };
      if (hasStarted(turn, now, zone) || cancelRefused(turn, now, zone)) return tooLate();
      if (!(await useLink(c, 'cancel', turn))) return invalidLink(c);
      // Within the notice the delete holds only while the medic has still not accepted (an acceptance
      // racing this cancel cannot slip past the rule).
      if (!(await deleteTurn(db, turn.ID, withinCancelNotice(turn, now, zone)))) return tooLate();
      await recordCancellation(db, c.env, turn, { who: 'link', userId: null }, zone, now);
      await auditLink(c, 'cancel turn by link', turn.PatientID, 200);
      await announceTurns(c, turnsNotice([turn]));
      return linkPage(c, 200, { title: TITLE, message: MSG.replyCancelled, details: detailsOf(turn) });
    },
  );
