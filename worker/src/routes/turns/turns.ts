import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess, readBatch, readerOf } from '../../auth/access';
import { isPatient, ownPatientId } from '../../auth/caller';
import type { Turn } from '../../contract/answers';
import {
  FreeSlotsSchema,
  TurnDeletedSchema,
  TurnSchema,
  UnconfirmedCancelledSchema,
} from '../../contract/answers';
import type { Clinic } from '../../contract/clinic';
import { LiveWatchSchema, turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { decimalToTime, parseOfficeHours } from '../../contract/office-hours';
import { fitsOfficeHours, freeSlots } from '../../contract/slots';
import {
  AppointmentInputSchema,
  CancelTurnQuerySchema,
  cancelRefused,
  FreeSlotsQuerySchema,
  firstBookableDate,
  hasStarted,
  localDate,
  localHours,
  MoveTurnSchema,
  OutsideHoursQuerySchema,
  TurnAcceptSchema,
  TurnInputSchema,
  TurnQuerySchema,
  TurnSearchQuerySchema,
  withinCancelNotice,
} from '../../contract/turns';
import { IdParamSchema } from '../../contract/validation';
import { clinicFrom, clinicQuery, findClinic } from '../../db/clinics.repo';
import { medicBusy } from '../../db/turns.repo';
import type { Env } from '../../env';
import { CSV_MAX_ROWS, type CsvColumn, csvAnswer, toCsv } from '../../lib/csv';
import { AppError, invalid } from '../../lib/errors';
import { assertFresh, versioned } from '../../lib/etag';
import { csv, json, route, STALE } from '../../lib/route';
import { setTotal } from '../../lib/total';
import { dryRun, dryRunnable, dryRunPassed, jsonBody, paramsOf, queryOf, tagged } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { connectScreen } from '../../services/live/connect';
import { freeStart } from '../../services/waitlist/offers';
import { paidBudgetOfTurn } from '../budgets/budget-money.repo';
import { isDependantOf } from '../patients/patients.repo';
import { assertMayExport, exportFileName } from '../reports/export';
import {
  assertBookableDate,
  assertLaterThanNow,
  bookTurn,
  medicTurn,
  patientRequest,
  slotTaken,
} from './booking';
import { recordCancellation } from './cancellations';
import { mailTurn } from './notify';
import { putOutcome } from './outcome';
import { strandedBy } from './outside-hours';
import { refundCancelledConsultation } from './paid-cancel';
import {
  acceptAsMedic,
  acceptAsPatient,
  bookedOn,
  confirmForPatient,
  deleteTurn,
  findTurn,
  isApprovedMedicId,
  listTurns,
  medicNames,
  moveTurn,
  needsMoving,
  unconfirmedRequests,
} from './turns.repo';

/** A patient asks for a consultation at a free slot; a medic books any turn. */
const patientAsks = tagged('patient', AppointmentInputSchema);

/**
 * Whom a patient books for: one of their dependants when the body names one (a guardian books for
 * them), else themselves, whatever else the body says.
 */
async function bookingFor(c: Context<Env>, patientId: unknown): Promise<number> {
  const user = c.get('user');
  const own = ownPatientId(user) ?? -1;
  if (typeof patientId !== 'number' || !Number.isSafeInteger(patientId) || patientId === own || !user)
    return own;
  return (await isDependantOf(c.get('db'), patientId, user.id)) ? patientId : own;
}
const medicBooks = tagged('medic', TurnInputSchema);

/** The clinic whose hours and clock judge every turn; without one there is nothing to book. */
async function clinicOf(c: Context<Env>) {
  return clinicHours(await findClinic(c.get('db')));
}

function clinicHours(clinic: Clinic | null) {
  const hours = clinic ? parseOfficeHours(clinic.officeHours) : null;
  if (!clinic || !hours) throw new AppError('conflict', MSG.noClinicForTurns);
  return { clinic, hours };
}

/** A turn the caller may see: any for a medic, their own for a patient (404 otherwise, like a miss). */
async function turnFor(c: Context<Env>, id: number): Promise<Turn> {
  const turn = await findTurn(c.get('db'), id);
  if (!turn) throw new AppError('not_found', MSG.notFound);
  assertPatientAccess(c, turn.PatientID);
  return turn;
}

/**
 * Any approved medic of the clinic (its declaration lets no other medic here) moves or cancels any
 * turn, the front desk running every medic's book, but only before it starts; the 24-hour notice
 * binds the patient, not the medic (docs/product.md, decided departures).
 */
function assertFutureTurn(turn: Turn, now: Date, timeZone: string): void {
  if (hasStarted(turn, now, timeZone)) throw new AppError('conflict', MSG.turnStarted);
}

/** The medic whose book a new turn goes in: the one named, who must be an approved medic, or the caller. */
async function bookOf(c: Context<Env>, named: number | undefined): Promise<number | null> {
  if (named === undefined) return c.get('user')?.medicId ?? null;
  if (!(await isApprovedMedicId(c.get('db'), named))) {
    throw new AppError('invalid', MSG.unknownMedic, { MedicID: { msg: MSG.unknownMedic } });
  }
  return named;
}

/** The pending requests of unconfirmed accounts that have not started yet (in the access log as read). */
async function unconfirmedNow(c: Context<Env>, known?: Clinic, now = new Date()): Promise<Turn[]> {
  const clinic = known ?? (await clinicOf(c)).clinic;
  const today = localDate(now, clinic.timeZone);
  const rows = await unconfirmedRequests(c.get('db'), today, readerOf(c));
  return rows.filter((t) => !hasStarted(t, now, clinic.timeZone));
}

/** The calendar's turns, a patient's appointment requests, both acceptances and cancel. */
/** The turns of a range as a CSV file: times as HH:MM, durations in hours, each medic by name. */
const turnCsv = (medicNamed: ReadonlyMap<number, string>): CsvColumn<Turn>[] => [
  ['ID', (t) => t.ID],
  ['Date', (t) => t.date],
  ['Time', (t) => decimalToTime(t.time)],
  ['Duration (hours)', (t) => t.duration],
  ['Patient', (t) => `${t.userPatient.name} ${t.userPatient.lastName}`],
  ['Document', (t) => t.userPatient.document],
  ['Medic ID', (t) => t.MedicID],
  ['Medic', (t) => medicNamed.get(t.MedicID) ?? ''],
  ['Description', (t) => t.description],
  ['Consultation', (t) => t.isConsultation],
  ['Accepted by medic', (t) => t.medicAccepts],
  ['Accepted by patient', (t) => t.patientAccepts],
  ['Outcome', (t) => t.outcome],
];

export const turnsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      // Turns: medics see and manage all; a patient only their own (the handlers check ownership).
      who: 'owner',
      audit: 'read turns',
      summary: 'Turns',
      description: 'Medics: every turn, by `from` and `to`. A patient: their own.',
      success: [
        json(200, v.array(TurnSchema), 'A page of turns.', true),
        csv('the turns of `from` to `to` (medics only)'),
      ],
    }),
    queryOf(TurnQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      if (query.format === 'csv') {
        assertMayExport(c);
        if (!query.from || !query.to) {
          throw invalid({ [query.from ? 'to' : 'from']: { msg: MSG.invalidDate } });
        }
        // The turns of the range (up to the export's cap), logged like the page.
        const [{ rows }, names] = await Promise.all([
          listTurns(c.get('db'), { ...query, limit: CSV_MAX_ROWS, offset: 0 }, readerOf(c)),
          medicNames(c.get('db')),
        ]);
        return csvAnswer(
          c,
          await exportFileName(c, `turns-${query.from}-to-${query.to}`),
          toCsv(turnCsv(names), rows),
        );
      }
      const patientId = ownPatientId(c.get('user')) ?? undefined;
      // The page, its count and its access-log row (the page's patients) go as one batch.
      const { rows, total } = await listTurns(c.get('db'), { ...query, patientId }, readerOf(c));
      setTotal(c, total);
      return c.json(rows, 200);
    },
  )
  .get(
    '/search',
    route({
      who: 'owner',
      audit: 'read turns',
      summary: "A patient's turns",
      success: [json(200, v.array(TurnSchema), 'A page of turns.', true)],
    }),
    queryOf(TurnSearchQuerySchema),
    async (c) => {
      const patientId = c.req.valid('query').ID;
      assertPatientAccess(c, patientId);
      const { rows, total } = await listTurns(c.get('db'), { patientId, limit: 200, offset: 0 }, readerOf(c));
      setTotal(c, total);
      return c.json(rows, 200);
    },
  )
  .get(
    '/free',
    route({
      who: 'owner',
      summary: 'Free slots of a day',
      success: [json(200, FreeSlotsSchema, 'Start times where a standard turn fits.')],
      errors: { 409: 'The clinic has no office hours yet.' },
    }),
    queryOf(FreeSlotsQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const { date } = query;
      // A patient asks for the consultations' book (medic 1) from tomorrow; the desk any medic's, from now.
      const medic = !isPatient(c.get('user'));
      const medicId = (medic ? query.MedicID : undefined) ?? (medic ? c.get('user')?.medicId : null) ?? 1;
      // The clinic and the day's turns in one batch (the turns are not needed before its first bookable day).
      const db = c.get('db');
      const [clinicRows, booked] = await readBatch(c, [clinicQuery(db), bookedOn(db, date, medicId)]);
      const { clinic, hours } = clinicHours(clinicFrom(clinicRows));
      const now = new Date();
      const today = localDate(now, clinic.timeZone);
      const from = medic ? today : firstBookableDate(now, clinic.timeZone);
      if (date < from) return c.json({ date, slots: [] }, 200);
      const slots = freeSlots(hours, clinic.turnStandardDuration, booked, date);
      const later = date === today ? localHours(now, clinic.timeZone) : -1;
      return c.json({ date, slots: slots.filter((t) => t > later) }, 200);
    },
  )
  // Requests from accounts whose email is not confirmed, which the desk may cancel in one go.
  .get(
    '/unconfirmed',
    route({
      // Requests from accounts whose email is not confirmed: the desk lists them and cancels them at once.
      who: 'medic',
      audit: 'read turns',
      summary: 'Requests from unconfirmed accounts',
      description:
        'The pending requests (not accepted by the medic, not started, not paid) of patients whose account has not confirmed its email.',
      success: [json(200, v.array(TurnSchema), 'The turns, in date and time order.')],
      errors: { 409: 'No clinic yet.' },
    }),
    async (c) => c.json(await unconfirmedNow(c), 200),
  )
  .post(
    '/cancel-unconfirmed',
    route({
      who: 'medic',
      audit: 'cancel unconfirmed requests',
      summary: 'Cancel the requests of unconfirmed accounts',
      description:
        'Cancels, in one go, every request `GET /api/turns/unconfirmed` lists (one the medic accepts meanwhile stays); each patient is mailed.',
      success: [json(200, UnconfirmedCancelledSchema, 'How many were cancelled, and which.')],
      errors: { 409: 'No clinic yet.' },
    }),
    dryRunnable(),
    async (c) => {
      const db = c.get('db');
      const { clinic } = await clinicOf(c);
      if (dryRun(c)) throw dryRunPassed();
      const now = new Date();
      const cancelled: Turn[] = [];
      for (const turn of await unconfirmedNow(c, clinic, now)) {
        // Only while still not accepted: a medic's acceptance racing this keeps its turn.
        if (!(await deleteTurn(db, turn.ID, true))) continue;
        cancelled.push(turn);
        await recordCancellation(
          db,
          c.env,
          turn,
          { who: 'medic', userId: c.get('user')?.id ?? null },
          clinic.timeZone,
          now,
        );
        await mailTurn(c, 'cancelled', turn, clinic);
      }
      c.set('auditPatientIds', [...new Set(cancelled.map((t) => t.PatientID))]);
      if (cancelled.length > 0) await announceTurns(c, turnsNotice(cancelled));
      return c.json({ cancelled: cancelled.length, IDs: cancelled.map((t) => t.ID) }, 200);
    },
  )
  // The desk's "needs moving" list: turns a change of hours left outside them, to be moved.
  .get(
    '/needs-moving',
    route({
      who: 'medic',
      audit: 'read turns',
      summary: 'The turns waiting to be moved',
      description: 'Turns a change of office hours left outside them, which the desk chose to move.',
      success: [json(200, v.array(TurnSchema), 'The turns, in date and time order.')],
    }),
    async (c) => c.json(await needsMoving(c.get('db'), readerOf(c)), 200),
  )
  // Before saving new office hours: the booked turns they would leave outside them.
  .post(
    '/outside-hours',
    route({
      // The front desk: the turns a change of hours would strand, and those waiting to be moved.
      who: 'medic',
      audit: 'read turns',
      summary: 'Turns that new office hours would strand',
      description:
        'The booked turns, not started and not already marked, that `officeHours` (the JSON text `PUT /api/Clinics` takes) would leave outside the hours. Nothing is written.',
      success: [json(200, v.array(TurnSchema), 'The turns, in date and time order.')],
      errors: { 409: 'No clinic yet.' },
    }),
    jsonBody(OutsideHoursQuerySchema),
    async (c) => {
      const { clinic } = await clinicOf(c);
      const hours = parseOfficeHours(c.req.valid('json').officeHours);
      return c.json(hours ? await strandedBy(c, hours, clinic.timeZone) : [], 200);
    },
  )
  // An open calendar, "My turns" or free-slot screen hears here of every change to the dates it shows.
  .get(
    '/live',
    route({
      // The live agenda's WebSocket: the same rule as the calendar; a patient is told dates only.
      who: 'owner',
      summary: 'Live agenda (WebSocket)',
      description: 'Change notices (dates and turn IDs, never patient data) while the screen is open.',
      success: [{ status: 101, description: 'Switching to a WebSocket.' }],
      outside: 'A WebSocket: OpenAPI describes HTTP answers only.',
      errors: { 426: 'Not a WebSocket request.', 429: 'This session holds too many live agendas already.' },
    }),
    queryOf(LiveWatchSchema),
    (c) => connectScreen(c, c.req.valid('query')),
  )
  .post(
    '/',
    route({
      who: 'owner',
      audit: 'create turn',
      summary: 'Book a turn',
      description: "A medic books a turn; a patient requests a consultation (SPEC's appointment request).",
      success: [json(201, TurnSchema, 'Booked.')],
      errors: { 409: 'Out of office hours, taken, or a consultation is already booked.' },
    }),
    jsonBody((c) => (isPatient(c.get('user')) ? patientAsks : medicBooks), { handlerChecks: true }),
    async (c) => {
      const db = c.get('db');
      const body = c.req.valid('json');
      const { clinic, hours } = await clinicOf(c);
      const now = new Date();
      // The patient books from tomorrow; a medic may book later today too (a start after now).
      const from =
        body.as === 'patient' ? firstBookableDate(now, clinic.timeZone) : localDate(now, clinic.timeZone);
      const turn =
        body.as === 'patient'
          ? await patientRequest(
              db,
              await bookingFor(c, body.input.PatientID),
              body.input,
              clinic.turnStandardDuration,
              from,
            )
          : await medicTurn(db, await bookOf(c, body.input.MedicID), body.input);
      if (body.as === 'medic') assertLaterThanNow(turn, now, clinic.timeZone);
      // `?validate=true`: every check above and the slot's, as reads; nothing is booked.
      const id = await bookTurn(db, hours, turn, from, dryRun(c));
      if (id === null) throw dryRunPassed();
      const booked = await findTurn(db, id);
      c.set('auditPatientId', booked?.PatientID ?? null);
      if (booked) {
        await announceTurns(c, turnsNotice([booked]));
        await mailTurn(c, 'booked', booked, clinic);
      }
      return c.json(booked, 201);
    },
  )
  .put(
    '/update/:id',
    route({
      who: 'owner',
      audit: 'update turn',
      summary: 'Accept a turn',
      success: [json(200, TurnSchema, 'The turn.')],
      errors: {
        412: STALE,
        409: 'The consultation must be paid first, or the turn has started.',
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(TurnAcceptSchema, { handlerChecks: true }),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.get('db');
      const turn = await turnFor(c, id);
      await assertFresh(c, async () => turn);
      const body = c.req.valid('json');
      // `?validate=true`: the turn is one the caller may accept (404 otherwise); nothing changes.
      if (dryRun(c)) throw dryRunPassed();
      if (isPatient(c.get('user'))) {
        if (!body.patientAccepts) return c.json(turn, 200);
        if (!(await acceptAsPatient(db, id, turn.PatientID))) {
          throw new AppError('conflict', MSG.payConsultationFirst);
        }
      } else {
        // Any approved medic accepts for the medic's side, or confirms for the patient ('Confirmed by phone').
        if (body.medicAccepts) await acceptAsMedic(db, id);
        const how = body.confirmedBy ?? 'desk';
        const medicId = c.get('user')?.medicId ?? null;
        if (body.patientAccepts && !(await confirmForPatient(db, id, how, medicId))) {
          throw new AppError('conflict', MSG.payConsultationFirst);
        }
      }
      await announceTurns(c, turnsNotice([turn]));
      return c.json(versioned(c, await findTurn(db, id)), 200);
    },
  )
  .put(
    '/move/:id',
    route({
      who: 'medic',
      audit: 'move turn',
      summary: 'Move a turn',
      success: [json(200, TurnSchema, 'The moved turn.')],
      errors: {
        412: STALE,
        409: 'Out of office hours, taken, or the turn has started.',
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(MoveTurnSchema, { handlerChecks: true }),
    async (c) => {
      // The turn's medic drags it to a new date and time: the same rule as booking it, in one statement.
      const { id } = c.req.valid('param');
      const to = c.req.valid('json');
      const db = c.get('db');
      const turn = await turnFor(c, id);
      await assertFresh(c, async () => turn);
      const { clinic, hours } = await clinicOf(c);
      const now = new Date();
      assertFutureTurn(turn, now, clinic.timeZone);
      assertBookableDate(to.date, localDate(now, clinic.timeZone));
      assertLaterThanNow(to, now, clinic.timeZone);
      if (!fitsOfficeHours(hours, to.date, to.time, turn.duration)) throw slotTaken();
      if (dryRun(c)) {
        const slot = { ...to, duration: turn.duration, medicId: turn.MedicID, except: id };
        if (await medicBusy(db, slot)) throw slotTaken();
        throw dryRunPassed();
      }
      const moved = await moveTurn(db, {
        id,
        from: { date: turn.date, time: turn.time },
        to,
        duration: turn.duration,
      });
      if (!moved) throw slotTaken();
      await freeStart(db, c.env, turn, now);
      await announceTurns(c, turnsNotice([turn], [to.date]));
      await mailTurn(c, 'moved', { ...turn, ...to }, clinic, undefined, { date: turn.date, time: turn.time });
      return c.json(versioned(c, await findTurn(db, id)), 200);
    },
  )
  // The desk marks a started turn attended or no-show (its handler in outcome.ts).
  .put(
    '/:id/outcome',
    route({
      who: 'medic',
      audit: 'turn outcome',
      summary: 'Mark a turn attended or no-show',
      description: 'Once the turn has started; marking again corrects it.',
      success: [json(200, TurnSchema, 'The turn with its outcome.')],
      errors: { 409: 'The turn has not started yet.' },
    }),
    ...putOutcome,
  )
  .delete(
    '/delete/:id',
    route({
      who: 'owner',
      audit: 'cancel turn',
      summary: 'Cancel a turn',
      description:
        "A medic cancelling a paid consultation is answered `paidBudget`; with `refund` (`card` or `credit`) every payment left on its budget is refunded that way first (a payment made with credit goes back as credit), answered in `refunded`, and the patient's cancel mail says which. Without `refund` nothing is refunded.",
      success: [json(200, TurnDeletedSchema, 'Cancelled.')],
      errors: {
        409: 'Too late to cancel (24 hours before, for patients), or the turn has started.',
        503: "Stripe did not refund an online payment's card: the turn is not cancelled.",
      },
    }),
    paramsOf(IdParamSchema),
    queryOf(CancelTurnQuerySchema),
    dryRunnable(),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.get('db');
      const turn = await turnFor(c, id);
      const { clinic } = await clinicOf(c);
      const now = new Date();
      if (!isPatient(c.get('user'))) {
        assertFutureTurn(turn, now, clinic.timeZone);
        if (dryRun(c)) throw dryRunPassed();
        // A paid consultation: the answer says so, and the medic refunds it or keeps it as a credit,
        // never automatically: with `refund` in this cancel (the cancel mail then says which), or
        // later from the budget's summary (POST /api/Budgets/{id}/refunds).
        const paidBudget = await paidBudgetOfTurn(db, id);
        const { refund } = c.req.valid('query');
        // Refunded before the turn goes: a card refund Stripe refuses then leaves the turn as it was.
        const refunded =
          paidBudget && refund ? await refundCancelledConsultation(c, paidBudget.ID, id, refund) : null;
        if (!(await deleteTurn(db, id, false))) throw new AppError('not_found', MSG.notFound);
        await recordCancellation(
          db,
          c.env,
          turn,
          { who: 'medic', userId: c.get('user')?.id ?? null },
          clinic.timeZone,
          now,
        );
        await announceTurns(c, turnsNotice([turn]));
        await mailTurn(
          c,
          'cancelled',
          turn,
          clinic,
          paidBudget ? { paid: paidBudget.paidAmount, refunded } : undefined,
        );
        return c.json(
          {
            ID: id,
            deleted: true as const,
            ...(paidBudget ? { paidBudget } : {}),
            ...(refunded ? { refunded } : {}),
          },
          200,
        );
      }
      // SPEC's 24-hour rule binds the patient: within the notice the delete holds only while the
      // medic has still not accepted.
      if (cancelRefused(turn, now, clinic.timeZone)) throw new AppError('conflict', MSG.cancelNotice);
      if (dryRun(c)) throw dryRunPassed();
      // A paid consultation the patient cancels: the mail says what happens to the money.
      const paidBudget = await paidBudgetOfTurn(db, id);
      const soon = withinCancelNotice(turn, now, clinic.timeZone);
      if (!(await deleteTurn(db, id, soon))) throw new AppError('conflict', MSG.cancelNotice);
      await recordCancellation(
        db,
        c.env,
        turn,
        { who: 'patient', userId: c.get('user')?.id ?? null },
        clinic.timeZone,
        now,
      );
      await announceTurns(c, turnsNotice([turn]));
      await mailTurn(
        c,
        'cancelled',
        turn,
        clinic,
        paidBudget ? { paid: paidBudget.paidAmount, refunded: null } : undefined,
      );
      return c.json({ ID: id, deleted: true }, 200);
    },
  );
