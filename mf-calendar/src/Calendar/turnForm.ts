import {
  type BookedTurn,
  check,
  type FieldErrors,
  isSlotFree,
  MSG,
  type OfficeHours,
  type TurnCreate,
  TurnInputSchema,
  timeToDecimal,
} from '@clinic/worker/contract';

/** 'Create a Turn' as typed: the chosen patient's ID, the date, 'HH:MM', minutes and the description. */
export interface TurnFormValues {
  patientId: number | null;
  /** The medic whose book the turn goes in (none: the signed-in medic's). */
  medicId?: number | null;
  date: string;
  time: string;
  minutes: string;
  description: string;
}

/** What POST /api/turns reads from a medic: nothing else goes out. */
export type TurnBody = Pick<
  TurnCreate,
  'date' | 'time' | 'duration' | 'description' | 'PatientID' | 'MedicID'
>;

/** The form's values as the contract's turn schema reads them: decimal hours, a duration in hours. */
export function turnInput(values: TurnFormValues) {
  const minutes = values.minutes.trim();
  return {
    date: values.date,
    time: timeToDecimal(values.time, { exact: true }) ?? '',
    duration: minutes === '' ? '' : Number(minutes) / 60,
    description: values.description,
    PatientID: values.patientId ?? '',
  };
}

/**
 * The form checked by the contract's own turn schema (the server's rules: a date, a time to the
 * minute, a duration of whole minutes within the limits, a description, a patient), then by the rules the
 * screen can judge with what it has loaded: a date from `from` on (a medic books from today), a
 * start later than now today, and a slot inside the office hours that no loaded turn of the same
 * medic overlaps. The server checks again and books atomically.
 */
export function checkTurnForm(
  values: TurnFormValues,
  clinic: {
    /** The first date a turn may take: today for a medic. */
    from: string;
    officeHours: OfficeHours;
    turnsOf: (date: string) => readonly (BookedTurn & { MedicID?: number })[];
    /** Today on the clinic's clock and its hour now: a turn today starts later. */
    now?: { date: string; hours: number };
  },
): { ok: true; body: TurnBody } | { ok: false; errors: FieldErrors } {
  const parsed = check(TurnInputSchema, turnInput(values));
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
  if (!errors.date && values.date < clinic.from) errors.date = { msg: MSG.chooseFromTomorrow };
  if (!parsed.ok || errors.date) return { ok: false, errors };
  const { date, time, duration, description, PatientID } = parsed.value;
  if (clinic.now && date === clinic.now.date && time <= clinic.now.hours) {
    return { ok: false, errors: { time: { msg: MSG.startLaterThanNow } } };
  }
  const medicId = values.medicId ?? null;
  const booked = clinic
    .turnsOf(date)
    .filter((t) => medicId === null || t.MedicID === undefined || t.MedicID === medicId);
  if (!isSlotFree(clinic.officeHours, booked, date, time, duration)) {
    return { ok: false, errors: { time: { msg: MSG.outOfOfficeHoursOrTaken } } };
  }
  const body: TurnBody = { date, time, duration, description, PatientID };
  return { ok: true, body: medicId === null ? body : { ...body, MedicID: medicId } };
}
