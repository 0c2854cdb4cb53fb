import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { isPatient, ownPatientId } from '../../auth/caller';
import { auditLink } from '../../auth/link-audit';
import { TurnSchema } from '../../contract/answers';
import { turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { decimalToTime } from '../../contract/office-hours';
import { localDate } from '../../contract/turns';
import { IdParamSchema } from '../../contract/validation';
import {
  ManualOfferAnswerSchema,
  ManualOfferInputSchema,
  WaitlistEntrySchema,
  WaitlistInputSchema,
  WaitlistLeftSchema,
} from '../../contract/waitlist';
import { findClinic } from '../../db/clinics.repo';
import { medicBusy } from '../../db/turns.repo';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { linkPage, wantsPage } from '../../lib/link-page';
import { html, json, route } from '../../lib/route';
import { dryRun, dryRunnable, dryRunPassed, jsonBody, paramsOf } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { durationText } from '../../services/turn-mail';
import { claimOffer, freeStart, offerOf, runOffers } from '../../services/waitlist/offers';
import { patientExists } from '../patients/patients.repo';
import { findTurn, isApprovedMedicId } from '../turns/turns.repo';
import { addEntry, entryPatient, findEntry, listEntries, removeEntry } from './waitlist.repo';

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
  .get(
    '/',
    route({
      // The waitlist: a patient's own entries, every entry for the desk; offers taken through their mailed link.
      who: 'owner',
      audit: 'read waitlist',
      summary: 'The waitlist',
      description: 'A medic: every entry. A patient: their own. Each entry with the offers it was sent.',
      success: [json(200, v.array(WaitlistEntrySchema), 'Earliest entry first.')],
    }),
    async (c) => {
      const patientId = ownPatientId(c.get('user'));
      return c.json(await listEntries(c.get('db'), patientId, readerOf(c)), 200);
    },
  )
  .post(
    '/',
    route({
      who: 'owner',
      audit: 'join waitlist',
      summary: 'Join the waitlist, or add a patient to it',
      description: "A patient's own `PatientID` is implied; the desk names the patient.",
      success: [json(201, WaitlistEntrySchema, 'The entry.')],
    }),
    jsonBody(WaitlistInputSchema, { handlerChecks: true }),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.get('db');
      const user = c.get('user');
      const patientId = isPatient(user) ? (ownPatientId(user) ?? -1) : (input.PatientID ?? 0);
      if (!isPatient(user) && !(patientId > 0 && (await patientExists(db, patientId)))) {
        throw new AppError('invalid', MSG.pleaseSelectPatient, { PatientID: { msg: MSG.selectPatient } });
      }
      // A window already over waits for nothing (today in the clinic's zone).
      const zone = (await findClinic(db))?.timeZone ?? 'UTC';
      if (input.to < localDate(new Date(), zone)) {
        throw new AppError('invalid', MSG.waitlistPast, { to: { msg: MSG.waitlistPast } });
      }
      if (dryRun(c)) throw dryRunPassed();
      c.set('auditPatientId', patientId);
      const id = await addEntry(db, patientId, input);
      return c.json(await findEntry(db, id), 201);
    },
  )
  .delete(
    '/:id',
    route({
      who: 'owner',
      audit: 'leave waitlist',
      summary: 'Leave the waitlist',
      success: [json(200, WaitlistLeftSchema, 'Removed.')],
    }),
    paramsOf(IdParamSchema),
    dryRunnable(),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.get('db');
      const owner = await entryPatient(db, id);
      if (owner === null) throw new AppError('not_found', MSG.notFound);
      assertPatientAccess(c, owner);
      // `?validate=true`: the same checks, and the entry stays.
      if (dryRun(c)) throw dryRunPassed();
      if (!(await removeEntry(db, id, null))) throw new AppError('not_found', MSG.notFound);
      return c.json({ ID: id, deleted: true as const }, 200);
    },
  )
  // The desk offers a free start by hand: the round goes out now, without the grace.
  .post(
    '/offer',
    route({
      who: 'medic',
      summary: 'Offer a free start by hand',
      description:
        "The round of offers goes out at once (no grace), to up to `waitlistBatch` fitting patients. The start is in `MedicID`'s book (any approved medic of the clinic; the signed-in medic by default): the claimed turn is that medic's.",
      success: [json(201, ManualOfferAnswerSchema, 'Offered.')],
      errors: { 409: 'A turn stands on this start.' },
    }),
    jsonBody(ManualOfferInputSchema),
    async (c) => {
      const { MedicID: named, ...slot } = c.req.valid('json');
      const db = c.get('db');
      if (named !== undefined && !(await isApprovedMedicId(db, named))) {
        throw new AppError('invalid', MSG.unknownMedic, { MedicID: { msg: MSG.unknownMedic } });
      }
      const medicId = named ?? c.get('user')?.medicId ?? 1;
      if (await medicBusy(db, { ...slot, medicId })) throw new AppError('conflict', MSG.waitlistNoOpenings);
      const now = new Date();
      const id = await freeStart(db, c.env, { ...slot, MedicID: medicId }, now, 0);
      const { sent } = await runOffers(c.env, now);
      return c.json({ slotID: id ?? 0, offered: sent }, 201);
    },
  )
  .get(
    '/offers/:token',
    route({
      who: 'public',
      summary: 'The mailed offer',
      description: 'Shows the start and a button; the link alone changes nothing.',
      success: [html('A page with the button, or what became of the offer.')],
      errors: { 404: 'The link is not valid (a browser gets a page saying so).' },
    }),
    async (c) => {
      const token = c.req.param('token');
      const offer = await offerOf(c.get('db'), token);
      if (!offer) return refused(c, 404, MSG.offerLinkInvalid);
      const details = [
        `Date: ${offer.date}`,
        `Time: ${decimalToTime(offer.time)}`,
        `Duration: ${durationText(offer.entryDuration ?? offer.duration)}`,
      ];
      if (offer.state === 'won')
        return linkPage(c, 200, { title: TITLE, message: MSG.offerClaimed, details });
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
    },
  )
  .post(
    '/offers/:token/claim',
    route({
      who: 'public',
      summary: 'Take an offered turn',
      description:
        'Exactly one claim of a start wins, however many arrive at once: its turn is booked, accepted by both sides. A browser gets a page.',
      success: [
        json(201, TurnSchema, 'The turn is yours.'),
        { status: 201, media: 'text/html', description: 'The same, as a page.' },
      ],
      errors: {
        404: 'The link is not valid.',
        409: 'This turn has already been taken (or this link was already used).',
        410: 'The offer has expired.',
      },
    }),
    async (c) => {
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
    },
  );
