import { type Context, Hono } from 'hono';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { isPatient, ownPatientId } from '../../auth/caller';
import { auditLink } from '../../auth/link-audit';
import { turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { decimalToTime } from '../../contract/office-hours';
import { IdParamSchema } from '../../contract/validation';
import { ManualOfferInputSchema, WaitlistInputSchema } from '../../contract/waitlist';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { linkPage, wantsPage } from '../../lib/link-page';
import { jsonBody, paramsOf } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { durationText } from '../../services/turn-mail';
import { claimOffer, freeStart, offerOf, runOffers } from '../../services/waitlist/offers';
import { patientExists } from '../patients/patients.repo';
import { findTurn } from '../turns/turns.repo';
import { addEntry, entryPatient, findEntry, listEntries, removeEntry, slotTaken } from './waitlist.repo';

const TITLE = 'Waitlist';

/** The offer page's link back to itself, for its button. */
const claimAction = (token: string) => `/api/waitlist/offers/${encodeURIComponent(token)}/claim`;

function refused(c: Context<Env>, status: 404 | 409 | 410, msg: string) {
  if (wantsPage(c)) return linkPage(c, status, { title: TITLE, message: msg });
  const code = status === 404 ? 'not_found' : status === 409 ? 'conflict' : 'gone';
  throw new AppError(code, msg);
}

/**
 * The waitlist: a patient joins (their own entry) or the desk adds anyone; the desk sees every
 * entry with its offers, a patient their own. A freed start is offered by the clinic's object after
 * the grace, or by the desk by hand; the mailed offer's page takes it with one POST.
 */
export const waitlistRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const patientId = ownPatientId(c.get('user'));
    return c.json(await listEntries(c.get('db'), patientId, readerOf(c)), 200);
  })
  .post('/', jsonBody(WaitlistInputSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const user = c.get('user');
    const patientId = isPatient(user) ? (ownPatientId(user) ?? -1) : (input.PatientID ?? 0);
    if (!isPatient(user) && !(patientId > 0 && (await patientExists(db, patientId)))) {
      throw new AppError('invalid', MSG.pleaseSelectPatient, { PatientID: { msg: MSG.selectPatient } });
    }
    c.set('auditPatientId', patientId);
    const id = await addEntry(db, patientId, input);
    return c.json(await findEntry(db, id), 201);
  })
  .delete('/:id', paramsOf(IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const owner = await entryPatient(db, id);
    if (owner === null) throw new AppError('not_found', MSG.notFound);
    assertPatientAccess(c, owner);
    if (!(await removeEntry(db, id, null))) throw new AppError('not_found', MSG.notFound);
    return c.json({ ID: id, deleted: true as const }, 200);
  })
  // The desk offers a free start by hand: the round goes out now, without the grace.
  .post('/offer', jsonBody(ManualOfferInputSchema), async (c) => {
    const slot = c.req.valid('json');
    const db = c.get('db');
    if (await slotTaken(db, slot)) throw new AppError('conflict', MSG.waitlistNoOpenings);
    const now = new Date();
    const id = await freeStart(db, c.env, { ...slot, MedicID: c.get('user')?.medicId ?? 1 }, now, 0);
    const { sent } = await runOffers(c.env, now);
    return c.json({ slotID: id ?? 0, offered: sent }, 201);
  })
  .get('/offers/:token', async (c) => {
    const token = c.req.param('token');
    const offer = await offerOf(c.get('db'), token);
    if (!offer) return refused(c, 404, MSG.offerLinkInvalid);
    const details = [
      `Date: ${offer.date}`,
      `Time: ${decimalToTime(offer.time)}`,
      `Duration: ${durationText(offer.entryDuration ?? offer.duration)}`,
    ];
    if (offer.state === 'won') return linkPage(c, 200, { title: TITLE, message: MSG.offerClaimed, details });
    if (offer.state === 'taken' || offer.status === 'filled') {
      return linkPage(c, 200, { title: TITLE, message: MSG.offerTaken, details });
    }
    if (offer.state === 'expired' || offer.expiresAt <= new Date().toISOString()) {
      return linkPage(c, 200, { title: TITLE, message: MSG.offerExpired, details });
    }
    return linkPage(c, 200, {
      title: TITLE,
      message: MSG.offerClaimAsk,
      details,
      form: { action: claimAction(token), label: MSG.offerClaimButton },
    });
  })
  .post('/offers/:token/claim', async (c) => {
    const db = c.get('db');
    const result = await claimOffer(db, c.req.param('token'));
    if (result.kind === 'invalid') return refused(c, 404, MSG.offerLinkInvalid);
    const status = result.kind === 'won' ? 201 : result.kind === 'taken' ? 409 : 410;
    await auditLink(c, 'claim waitlist offer', result.patientId, status);
    if (result.kind === 'taken') return refused(c, 409, MSG.offerTaken);
    if (result.kind === 'expired') return refused(c, 410, MSG.offerExpired);
    await announceTurns(c, turnsNotice([{ ID: result.turnId, date: result.date }]));
    const turn = await findTurn(db, result.turnId);
    if (wantsPage(c) || !turn) {
      return linkPage(c, 201, {
        title: TITLE,
        message: MSG.offerClaimed,
        details: turn ? [`Date: ${turn.date}`, `Time: ${decimalToTime(turn.time)}`] : [],
      });
    }
    return c.json(turn, 201);
  });
