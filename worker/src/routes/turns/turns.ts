import { type Context, Hono } from 'hono';
import { assertPatientAccess } from '../../auth/access';
import { MSG } from '../../contract/messages';
import { parseOfficeHours } from '../../contract/office-hours';
import { IdParamSchema } from '../../contract/patients';
import { fitsOfficeHours, freeSlots } from '../../contract/slots';
import {
  type AppointmentInput,
  AppointmentInputSchema,
  CONSULT_KEYWORD,
  cancelRefused,
  FreeSlotsQuerySchema,
  firstBookableDate,
  isConsultation,
  MoveTurnSchema,
  type Turn,
  TurnAcceptSchema,
  type TurnCreate,
  TurnInputSchema,
  TurnQuerySchema,
  TurnSearchQuerySchema,
  turnStart,
} from '../../contract/turns';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody, paramsOf, queryOf } from '../../lib/validate';
import { deliverTurnMail, turnMail } from '../../services/turn-mail';
import { findClinic } from '../clinics/clinics.repo';
import {
  acceptAsMedic,
  acceptAsPatient,
  bookedOn,
  deleteTurn,
  findTurn,
  insertTurn,
  listTurns,
  moveTurn,
  patientContact,
  upcomingConsultation,
} from './turns.repo';

/** Consultation turns, the ones patients ask for, go to medic 1. */
const CONSULTATION_MEDIC_ID = 1;

const isPatient = (c: Context<Env>): boolean => c.get('user')?.userType === 'Patient';

/** The clinic whose hours and clock judge every turn; without one there is nothing to book. */
async function clinicOf(c: Context<Env>) {
  const clinic = await findClinic(c.get('db'));
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

/** The calendar's turns, a patient's appointment requests, both acceptances and cancel. */
export const turnsRoutes = new Hono<Env>()
  .get('/', queryOf(TurnQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const user = c.get('user');
    const patientId = isPatient(c) ? (user?.patientId ?? -1) : undefined;
    const { rows, total } = await listTurns(c.get('db'), { ...query, patientId });
    c.header('X-Total-Count', String(total));
    return c.json(rows, 200);
  })
  .get('/search', queryOf(TurnSearchQuerySchema), async (c) => {
    const patientId = c.req.valid('query').ID;
    assertPatientAccess(c, patientId);
    const { rows, total } = await listTurns(c.get('db'), { patientId, limit: 200, offset: 0 });
    c.header('X-Total-Count', String(total));
    return c.json(rows, 200);
  })
  .get('/free', queryOf(FreeSlotsQuerySchema), async (c) => {
    const { date } = c.req.valid('query');
    const { clinic, hours } = await clinicOf(c);
    if (date < firstBookableDate(new Date(), clinic.timeZone)) return c.json({ date, slots: [] }, 200);
    const booked = await bookedOn(c.get('db'), date);
    return c.json({ date, slots: freeSlots(hours, clinic.turnStandardDuration, booked, date) }, 200);
  })
  .post(
    '/',
    jsonBody((c) => (isPatient(c) ? AppointmentInputSchema : TurnInputSchema)),
    async (c) => {
      const db = c.get('db');
      const user = c.get('user');
      const { clinic, hours } = await clinicOf(c);
      const from = firstBookableDate(new Date(), clinic.timeZone);
      let turn: Parameters<typeof insertTurn>[1];
      if (isPatient(c)) {
        // A patient asks for a consultation of the standard length, pending the medic.
        const input = c.req.valid('json') as AppointmentInput as { date: string; time: number };
        const patientId = user?.patientId ?? -1;
        if (await upcomingConsultation(db, patientId, from)) {
          throw new AppError('conflict', MSG.alreadyHaveConsultation);
        }
        turn = {
          date: input.date,
          time: input.time,
          duration: clinic.turnStandardDuration,
          description: `${CONSULT_KEYWORD} Consultation requested by the patient`,
          medicAccepts: false,
          medicId: CONSULTATION_MEDIC_ID,
          patientId,
          consultation: true,
          oneConsultationFrom: from,
        };
      } else {
        const input = c.req.valid('json') as TurnCreate;
        const patient = await db.query.patients.findFirst({
          where: (p, { eq }) => eq(p.id, input.PatientID),
          columns: { id: true },
        });
        if (!patient)
          throw new AppError('invalid', MSG.pleaseSelectPatient, { PatientID: { msg: MSG.selectPatient } });
        const consultation = isConsultation(input.description);
        turn = {
          date: input.date,
          time: input.time,
          duration: input.duration,
          description: input.description,
          medicAccepts: true,
          medicId: consultation ? CONSULTATION_MEDIC_ID : (user?.medicId ?? CONSULTATION_MEDIC_ID),
          patientId: input.PatientID,
          consultation,
        };
      }
      if (turn.date < from) {
        throw new AppError('invalid', MSG.chooseFromTomorrow, { date: { msg: MSG.chooseFromTomorrow } });
      }
      const taken = new AppError('conflict', MSG.outOfOfficeHoursOrTaken, {
        time: { msg: MSG.outOfOfficeHoursOrTaken },
      });
      if (!fitsOfficeHours(hours, turn.date, turn.time, turn.duration)) throw taken;
      // The insert itself refuses an overlap (and a second consultation), atomically.
      const id = await insertTurn(db, turn);
      if (id === null) {
        if (turn.oneConsultationFrom && (await upcomingConsultation(db, turn.patientId, from))) {
          throw new AppError('conflict', MSG.alreadyHaveConsultation);
        }
        throw taken;
      }
      const created = await findTurn(db, id);
      return c.json(created, 201);
    },
  )
  .put('/update/:id', paramsOf(IdParamSchema), jsonBody(TurnAcceptSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const turn = await turnFor(c, id);
    if (isPatient(c)) {
      if (!c.req.valid('json').patientAccepts) return c.json(turn, 200);
      if (!(await acceptAsPatient(db, id, turn.PatientID))) {
        throw new AppError('conflict', MSG.payConsultationFirst);
      }
    } else if (c.req.valid('json').medicAccepts) {
      await acceptAsMedic(db, id);
    }
    return c.json(await findTurn(db, id), 200);
  })
  .put('/move/:id', paramsOf(IdParamSchema), jsonBody(MoveTurnSchema), async (c) => {
    // A medic drags a turn to a new date and time: the same rule as booking it, in one statement.
    const { id } = c.req.valid('param');
    const to = c.req.valid('json');
    const db = c.get('db');
    const turn = await turnFor(c, id);
    const { clinic, hours } = await clinicOf(c);
    const now = new Date();
    if (to.date < firstBookableDate(now, clinic.timeZone)) {
      throw new AppError('invalid', MSG.chooseFromTomorrow, { date: { msg: MSG.chooseFromTomorrow } });
    }
    if (cancelRefused(turn, now, clinic.timeZone)) throw new AppError('conflict', MSG.moveNotice);
    const taken = new AppError('conflict', MSG.outOfOfficeHoursOrTaken, {
      time: { msg: MSG.outOfOfficeHoursOrTaken },
    });
    if (!fitsOfficeHours(hours, to.date, to.time, turn.duration)) throw taken;
    const soon = turnStart(turn.date, turn.time, clinic.timeZone).getTime() - now.getTime() < 24 * 3_600_000;
    const moved = await moveTurn(db, {
      id,
      from: { date: turn.date, time: turn.time },
      to,
      duration: turn.duration,
      onlyIfNotAccepted: soon,
    });
    if (!moved) throw taken;
    const patient = await patientContact(db, turn.PatientID);
    if (patient) {
      const origin = c.env.APP_ORIGIN ?? new URL(c.req.url).origin;
      const mail = turnMail('moved', {
        to: patient.email,
        patientName: patient.name,
        turn: { ...to, duration: turn.duration },
        clinic,
        appointmentsUrl: `${origin}/home/appointment`,
      });
      await deliverTurnMail(db, c.env, mail);
    }
    return c.json(await findTurn(db, id), 200);
  })
  .delete('/delete/:id', paramsOf(IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const turn = await turnFor(c, id);
    const { clinic } = await clinicOf(c);
    const now = new Date();
    if (cancelRefused(turn, now, clinic.timeZone)) throw new AppError('conflict', MSG.cancelNotice);
    // Within 24 hours the delete holds only while the medic has still not accepted.
    const soon = turnStart(turn.date, turn.time, clinic.timeZone).getTime() - now.getTime() < 24 * 3_600_000;
    if (!(await deleteTurn(db, id, soon))) throw new AppError('conflict', MSG.cancelNotice);
    return c.json({ ID: id, deleted: true }, 200);
  });
