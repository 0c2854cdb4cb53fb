import { type Context, Hono } from 'hono';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { isPatient, ownPatientId } from '../../auth/caller';
import type { Clinic } from '../../contract/clinic';
import { LiveWatchSchema, turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { parseOfficeHours } from '../../contract/office-hours';
import { fitsOfficeHours, freeSlots } from '../../contract/slots';
import {
  AppointmentInputSchema,
  cancelRefused,
  FreeSlotsQuerySchema,
  firstBookableDate,
  hasStarted,
  MoveTurnSchema,
  type Turn,
  TurnAcceptSchema,
  TurnInputSchema,
  TurnQuerySchema,
  TurnSearchQuerySchema,
  withinCancelNotice,
} from '../../contract/turns';
import { IdParamSchema } from '../../contract/validation';
import { clinicFrom, clinicQuery, findClinic } from '../../db/clinics';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { setTotal } from '../../lib/total';
import { jsonBody, paramsOf, queryOf, tagged } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { connectScreen } from '../../services/live/connect';
import { deliverTurnMail, turnMail } from '../../services/turn-mail';
import { paidBudgetOfTurn } from '../budgets/budget-money.repo';
import { assertBookableDate, bookTurn, medicTurn, patientRequest, slotTaken } from './booking';
import {
  acceptAsMedic,
  acceptAsPatient,
  bookedOn,
  deleteTurn,
  findTurn,
  listTurns,
  moveTurn,
  patientContact,
} from './turns.repo';

/** A patient asks for a consultation at a free slot; a medic books any turn. */
const patientAsks = tagged('patient', AppointmentInputSchema);
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
 * A medic moves or cancels only their own turns, and only before they start; the 24-hour notice
 * binds the patient, not the medic (docs/product.md, decided departures).
 */
function assertOwnFutureTurn(c: Context<Env>, turn: Turn, now: Date, timeZone: string): void {
  if (c.get('user')?.medicId !== turn.MedicID) throw new AppError('forbidden', MSG.notYourTurn);
  if (hasStarted(turn, now, timeZone)) throw new AppError('conflict', MSG.turnStarted);
}

/** Mails the patient that the medic moved (to `at`) or cancelled their turn. */
async function mailPatient(
  c: Context<Env>,
  kind: 'moved' | 'cancelled',
  patientId: number,
  at: { date: string; time: number; duration: number },
  clinic: Clinic,
): Promise<void> {
  const db = c.get('db');
  const patient = await patientContact(db, patientId);
  if (!patient) return;
  const origin = c.env.APP_ORIGIN ?? new URL(c.req.url).origin;
  const mail = turnMail(kind, {
    to: patient.email,
    patientName: patient.name,
    turn: at,
    clinic,
    appointmentsUrl: `${origin}/home/appointment`,
  });
  await deliverTurnMail(db, c.env, mail);
}

/** The calendar's turns, a patient's appointment requests, both acceptances and cancel. */
export const turnsRoutes = new Hono<Env>()
  .get('/', queryOf(TurnQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const patientId = ownPatientId(c.get('user')) ?? undefined;
    // The page, its count and its access-log row (the page's patients) go as one batch.
    const { rows, total } = await listTurns(c.get('db'), { ...query, patientId }, readerOf(c));
    setTotal(c, total);
    return c.json(rows, 200);
  })
  .get('/search', queryOf(TurnSearchQuerySchema), async (c) => {
    const patientId = c.req.valid('query').ID;
    assertPatientAccess(c, patientId);
    const { rows, total } = await listTurns(c.get('db'), { patientId, limit: 200, offset: 0 }, readerOf(c));
    setTotal(c, total);
    return c.json(rows, 200);
  })
  .get('/free', queryOf(FreeSlotsQuerySchema), async (c) => {
    const { date } = c.req.valid('query');
    // The clinic and the day's turns in one batch (the turns are not needed before its first bookable day).
    const db = c.get('db');
    const [clinicRows, booked] = await db.batch([clinicQuery(db), bookedOn(db, date)]);
    const { clinic, hours } = clinicHours(clinicFrom(clinicRows));
    if (date < firstBookableDate(new Date(), clinic.timeZone)) return c.json({ date, slots: [] }, 200);
    return c.json({ date, slots: freeSlots(hours, clinic.turnStandardDuration, booked, date) }, 200);
  })
  // An open calendar, "My turns" or free-slot screen hears here of every change to the dates it shows.
  .get('/live', queryOf(LiveWatchSchema), (c) => connectScreen(c, c.req.valid('query')))
  .post(
    '/',
    jsonBody((c) => (isPatient(c.get('user')) ? patientAsks : medicBooks)),
    async (c) => {
      const db = c.get('db');
      const user = c.get('user');
      const body = c.req.valid('json');
      const { clinic, hours } = await clinicOf(c);
      const from = firstBookableDate(new Date(), clinic.timeZone);
      const turn =
        body.as === 'patient'
          ? await patientRequest(db, ownPatientId(user) ?? -1, body.input, clinic.turnStandardDuration, from)
          : await medicTurn(db, user?.medicId ?? null, body.input);
      const id = await bookTurn(db, hours, turn, from);
      const booked = await findTurn(db, id);
      c.set('auditPatientId', booked?.PatientID ?? null);
      if (booked) await announceTurns(c, turnsNotice([booked]));
      return c.json(booked, 201);
    },
  )
  .put('/update/:id', paramsOf(IdParamSchema), jsonBody(TurnAcceptSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const turn = await turnFor(c, id);
    if (isPatient(c.get('user'))) {
      if (!c.req.valid('json').patientAccepts) return c.json(turn, 200);
      if (!(await acceptAsPatient(db, id, turn.PatientID))) {
        throw new AppError('conflict', MSG.payConsultationFirst);
      }
    } else if (c.req.valid('json').medicAccepts) {
      await acceptAsMedic(db, id);
    }
    await announceTurns(c, turnsNotice([turn]));
    return c.json(await findTurn(db, id), 200);
  })
  .put('/move/:id', paramsOf(IdParamSchema), jsonBody(MoveTurnSchema), async (c) => {
    // The turn's medic drags it to a new date and time: the same rule as booking it, in one statement.
    const { id } = c.req.valid('param');
    const to = c.req.valid('json');
    const db = c.get('db');
    const turn = await turnFor(c, id);
    const { clinic, hours } = await clinicOf(c);
    const now = new Date();
    assertOwnFutureTurn(c, turn, now, clinic.timeZone);
    assertBookableDate(to.date, firstBookableDate(now, clinic.timeZone));
    if (!fitsOfficeHours(hours, to.date, to.time, turn.duration)) throw slotTaken();
    const moved = await moveTurn(db, {
      id,
      from: { date: turn.date, time: turn.time },
      to,
      duration: turn.duration,
    });
    if (!moved) throw slotTaken();
    await announceTurns(c, turnsNotice([turn], [to.date]));
    await mailPatient(c, 'moved', turn.PatientID, { ...to, duration: turn.duration }, clinic);
    return c.json(await findTurn(db, id), 200);
  })
  .delete('/delete/:id', paramsOf(IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const turn = await turnFor(c, id);
    const { clinic } = await clinicOf(c);
    const now = new Date();
    if (!isPatient(c.get('user'))) {
      assertOwnFutureTurn(c, turn, now, clinic.timeZone);
      if (!(await deleteTurn(db, id, false))) throw new AppError('not_found', MSG.notFound);
      await announceTurns(c, turnsNotice([turn]));
      await mailPatient(c, 'cancelled', turn.PatientID, turn, clinic);
      // A paid consultation: the answer says so, and the medic refunds it or keeps it as a credit
      // (POST /api/Budgets/{id}/refunds), never automatically.
      const paidBudget = await paidBudgetOfTurn(db, id);
      return c.json({ ID: id, deleted: true as const, ...(paidBudget ? { paidBudget } : {}) }, 200);
    }
    // SPEC's 24-hour rule binds the patient: within the notice the delete holds only while the
    // medic has still not accepted.
    if (cancelRefused(turn, now, clinic.timeZone)) throw new AppError('conflict', MSG.cancelNotice);
    const soon = withinCancelNotice(turn, now, clinic.timeZone);
    if (!(await deleteTurn(db, id, soon))) throw new AppError('conflict', MSG.cancelNotice);
    await announceTurns(c, turnsNotice([turn]));
    return c.json({ ID: id, deleted: true }, 200);
  });
