import { MSG } from '../../contract/messages';
import type { OfficeHours } from '../../contract/office-hours';
import { fitsOfficeHours, isOfferedStart } from '../../contract/slots';
import {
  CONSULT_KEYWORD,
  isConsultation,
  localDate,
  localHours,
  type TurnCreate,
} from '../../contract/turns';
import type { Db } from '../../db/client';
import { medicBusy } from '../../db/turns.repo';
import { AppError } from '../../lib/errors';
import { useCreditForTurn } from '../budgets/budget-money.repo';
import { patientExists } from '../patients/patients.repo';
import { insertTurn, type NewTurn, upcomingConsultation } from './turns.repo';

/** Consultation turns, the ones patients ask for, go to medic 1. */
const CONSULTATION_MEDIC_ID = 1;

/** The answer when a turn falls outside office hours or on another turn. */
export const slotTaken = (): AppError =>
  new AppError('conflict', MSG.outOfOfficeHoursOrTaken, { time: { msg: MSG.outOfOfficeHoursOrTaken } });

/** A turn is booked or moved from `from` on (the clinic's tomorrow for a patient, today for a medic). */
export function assertBookableDate(date: string, from: string): void {
  if (date < from) {
    throw new AppError('invalid', MSG.chooseFromTomorrow, { date: { msg: MSG.chooseFromTomorrow } });
  }
}

/** A turn booked or moved to today starts after now on the clinic's clock (a medic's same-day booking). */
export function assertLaterThanNow(at: { date: string; time: number }, now: Date, timeZone: string): void {
  if (at.date === localDate(now, timeZone) && at.time <= localHours(now, timeZone)) {
    throw new AppError('invalid', MSG.startLaterThanNow, { time: { msg: MSG.startLaterThanNow } });
  }
}

/** A patient asks for a consultation of the standard length, pending the medic; one upcoming at a time. */
export async function patientRequest(
  db: Db,
  patientId: number,
  at: { date: string; time: number },
  duration: number,
  from: string,
): Promise<NewTurn> {
  if (!isOfferedStart(at.time))
    throw new AppError('invalid', MSG.offeredStartsOnly, { time: { msg: MSG.offeredStartsOnly } });
  if (await upcomingConsultation(db, patientId, from)) {
    throw new AppError('conflict', MSG.alreadyHaveConsultation);
  }
  return {
    ...at,
    duration,
    description: `${CONSULT_KEYWORD} Consultation requested by the patient`,
    medicAccepts: false,
    medicId: CONSULTATION_MEDIC_ID,
    patientId,
    consultation: true,
    oneConsultationFrom: from,
  };
}

/** A medic books a turn for a patient, accepted at once; a consultation goes to medic 1, any other to the medic. */
export async function medicTurn(db: Db, medicId: number | null, input: TurnCreate): Promise<NewTurn> {
  if (!(await patientExists(db, input.PatientID))) {
    throw new AppError('invalid', MSG.pleaseSelectPatient, { PatientID: { msg: MSG.selectPatient } });
  }
  const consultation = isConsultation(input.description);
  return {
    date: input.date,
    time: input.time,
    duration: input.duration,
    description: input.description,
    medicAccepts: true,
    medicId: consultation ? CONSULTATION_MEDIC_ID : (medicId ?? CONSULTATION_MEDIC_ID),
    patientId: input.PatientID,
    consultation,
  };
}

/**
 * Books `turn` when it is from `from` on, inside office hours and free; answers its ID. The insert
 * itself refuses an overlap (and a patient's second consultation), atomically. A dry run
 * (`?validate=true`) runs the same checks as reads and books nothing (answers null).
 */
export async function bookTurn(
  db: Db,
  hours: OfficeHours,
  turn: NewTurn,
  from: string,
  dry = false,
): Promise<number | null> {
  assertBookableDate(turn.date, from);
  if (!fitsOfficeHours(hours, turn.date, turn.time, turn.duration)) throw slotTaken();
  if (dry) {
    if (turn.oneConsultationFrom && (await upcomingConsultation(db, turn.patientId, from))) {
      throw new AppError('conflict', MSG.alreadyHaveConsultation);
    }
    if (await medicBusy(db, turn)) throw slotTaken();
    return null;
  }
  const id = await insertTurn(db, turn);
  if (id !== null) {
    // A consultation's budget is paid first from the patient's credit (a refunded consultation).
    if (turn.consultation) await useCreditForTurn(db, id, turn.patientId);
    return id;
  }
  if (turn.oneConsultationFrom && (await upcomingConsultation(db, turn.patientId, from))) {
    throw new AppError('conflict', MSG.alreadyHaveConsultation);
  }
  throw slotTaken();
}
