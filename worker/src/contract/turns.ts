import * as v from 'valibot';
import { FormatQuery } from './format';
import { MSG } from './messages';
import { type OfficeHours, parseOfficeHours } from './office-hours';
import { PatientIdQuery } from './patients';
import { isCalendarDate } from './person';
import { weekdayOf } from './slots';
import { PageQuerySchema, requiredString, requiredText } from './validation';

/** The word that makes a turn a consultation, billed with treatment 0101. */
export const CONSULT_KEYWORD = '#consult';
/** A medic-accepted turn cannot be cancelled less than this many hours ahead. */
export const CANCEL_NOTICE_HOURS = 24;
/** A turn lasts at most a working day. */
export const MAX_DURATION_MINUTES = 12 * 60;
/** ...and at least five minutes: a near-zero duration would let two turns share a start. */
export const MIN_DURATION_MINUTES = 5;

/**
 * A turn's duration in whole minutes (5 to 720), from the decimal hours the API carries; null when
 * it is anything else. The hours the server stores are these minutes converted once (`minutes / 60`).
 */
export function durationMinutes(hours: number): number | null {
  if (!Number.isFinite(hours)) return null;
  const minutes = Math.round(hours * 60);
  if (Math.abs(hours * 60 - minutes) > 1e-6) return null;
  return minutes >= MIN_DURATION_MINUTES && minutes <= MAX_DURATION_MINUTES ? minutes : null;
}

export const isConsultation = (description: string): boolean =>
  description.toLowerCase().includes(CONSULT_KEYWORD);

/**
 * The description with the consultation keyword added at its end (`on`) or every occurrence of it
 * taken out, so 'Create a Turn' can offer a checkbox instead of a word to remember.
 */
export function withConsultKeyword(description: string, on: boolean): string {
  if (on)
    return isConsultation(description)
      ? description
      : `${description.trimEnd()} ${CONSULT_KEYWORD}`.trimStart();
  return description.replace(/\s*#consult/gi, '').trim();
}

export const CONFIRMED_BY = ['phone', 'desk'] as const;
export type ConfirmedBy = 'patient' | (typeof CONFIRMED_BY)[number];
export const HOURS_FLAGS = ['kept', 'needs-moving'] as const;
export type HoursFlag = (typeof HOURS_FLAGS)[number];

/**
 * What happens to booked turns that new office hours leave outside them: kept (marked as outside
 * hours), cancelled with a mail to each patient, or left on the desk's "needs moving" list.
 */
export const STRANDED_CHOICES = ['keep', 'cancel', 'move'] as const;
export type StrandedChoice = (typeof STRANDED_CHOICES)[number];

/** What became of a turn that started. */
export const TURN_OUTCOMES = ['attended', 'no-show'] as const;
export type TurnOutcome = (typeof TURN_OUTCOMES)[number];

const decimalHours = (msg: string) =>
  v.pipe(
    v.union([v.number(msg), v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg), v.transform(Number))], msg),
    v.check((n) => Number.isFinite(n) && n >= 0 && n < 24, msg),
  );

const id = (msg: string) =>
  v.pipe(
    v.optional(v.union([v.number(msg), v.string(msg)], msg), ''),
    v.check((x) => /^\d+$/.test(String(x)) && Number(x) >= 1, msg),
    v.transform(Number),
  );

/**
 * POST /api/turns: date, time and duration in decimal hours, description, the patient.
 * Who accepts what is the server's decision, so medicAccepts/patientAccepts and the
 * email are accepted and ignored.
 */
export const TurnInputSchema = v.object({
  date: v.pipe(
    requiredString(MSG.turnDateRequired),
    v.trim(),
    v.nonEmpty(MSG.turnDateRequired),
    v.check(isCalendarDate, MSG.turnDateRequired),
  ),
  time: decimalHours(MSG.turnTimeInvalid),
  duration: v.pipe(
    v.optional(v.union([v.number(), v.string()], MSG.turnDurationInvalid), ''),
    v.transform((x) => (x === '' ? Number.NaN : Number(x))),
    v.check((n) => durationMinutes(n) !== null, MSG.turnDurationInvalid),
    v.transform((n) => (durationMinutes(n) ?? 0) / 60),
  ),
  description: requiredText(MSG.turnDescriptionRequired, 500, MSG.turnDescriptionTooLong),
  PatientID: id(MSG.selectPatient),
  /** The medic whose book the turn goes in; the signed-in medic when absent (a patient's is implied). */
  MedicID: v.optional(
    v.pipe(
      v.union([v.number(MSG.unknownMedic), v.string(MSG.unknownMedic)], MSG.unknownMedic),
      v.check((x) => /^\d+$/.test(String(x)) && Number(x) >= 1, MSG.unknownMedic),
      v.transform(Number),
    ),
  ),
  medicAccepts: v.optional(v.unknown()),
  patientAccepts: v.optional(v.unknown()),
  email: v.optional(v.unknown()),
});

export type TurnCreate = v.InferOutput<typeof TurnInputSchema>;

/** POST /api/turns/appointment: a patient asks for a consultation at a free slot (Appointment request). */
export const AppointmentInputSchema = v.object({
  date: TurnInputSchema.entries.date,
  time: decimalHours(MSG.turnTimeInvalid),
  /**
   * A guardian books for one of their dependants. Any other value books for the patient themselves,
   * as it always did: a patient never books for someone else.
   */
  PatientID: v.optional(v.unknown()),
});

/**
 * PUT /api/turns/update/{id}: the medic sends {time, MedicID, medicAccepts}, the patient
 * {time, MedicID, patientAccepts}; only a `true` acceptance changes anything.
 */
export const TurnAcceptSchema = v.object({
  time: v.optional(v.unknown()),
  MedicID: v.optional(v.unknown()),
  medicAccepts: v.optional(v.literal(true, MSG.acceptOnlyTrue)),
  patientAccepts: v.optional(v.literal(true, MSG.acceptOnlyTrue)),
  /** A medic sets the patient's acceptance for them with how it was given ('Confirmed by phone'). */
  confirmedBy: v.optional(v.picklist(CONFIRMED_BY, MSG.confirmedByInvalid)),
});

/** PUT /api/turns/move/{id}: a medic moves a turn to a new date and time; its duration stays. */
export const MoveTurnSchema = v.object({
  date: TurnInputSchema.entries.date,
  time: decimalHours(MSG.turnTimeInvalid),
});

/** GET /api/turns: a date range (month view), paged like every list. */
export const TurnQuerySchema = v.pipe(
  v.object({
    from: v.optional(v.pipe(v.string(), v.check(isCalendarDate, MSG.invalidDate))),
    to: v.optional(v.pipe(v.string(), v.check(isCalendarDate, MSG.invalidDate))),
    /** The patient's name (accents and case aside) or document, or words of the turn's description. */
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MSG.tooLong)), ''),
    ...PageQuerySchema.entries,
    /** `csv`: every match as a CSV file (lib/csv.ts) instead of a JSON page. */
    format: FormatQuery,
  }),
  // A range whose last date is before its first finds nothing: it is a mistake, said under `to`.
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, MSG.waitlistToBeforeFrom),
    ['to'],
  ),
);

/** GET /api/turns/free?date=&MedicID= (the medic's free starts; medic 1's, the consultations', by default) */
export const FreeSlotsQuerySchema = v.object({
  date: v.pipe(v.optional(v.string(), ''), v.check(isCalendarDate, MSG.invalidDate)),
  MedicID: v.pipe(
    v.optional(v.string()),
    v.check((x) => x === undefined || (/^\d{1,9}$/.test(x) && Number(x) >= 1), MSG.unknownMedic),
    v.transform((x) => (x === undefined ? undefined : Number(x))),
  ),
});

// ---- the clinic's clock ("tomorrow" and "24 hours away" are judged in its time zone)

/**
 * One formatter per time zone and use, made once: making an Intl.DateTimeFormat costs about 30 times
 * what formatting with it does, and a screen of turns asks for the clinic's clock many times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(use: 'date' | 'clock', timeZone: string): Intl.DateTimeFormat {
  const key = `${use} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      use === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formatters.set(key, format);
  }
  return format;
}

/** The calendar date 'YYYY-MM-DD' at `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  const parts = formatterOf('date', timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day after a calendar date. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The first date a turn may take (from tomorrow onwards), in the clinic's zone. */
export function firstBookableDate(now: Date, timeZone: string): string {
  return nextDay(localDate(now, timeZone));
}

/** The first date from `from` on whose weekday the clinic opens (within two weeks), else `from`. */
export function firstOpenDate(from: string, officeHours: OfficeHours): string {
  let date = from;
  for (let i = 0; i < 14; i++) {
    if ((officeHours[weekdayOf(date)] ?? []).length > 0) return date;
    date = nextDay(date);
  }
  return from;
}

/** Milliseconds `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = formatterOf('clock', timeZone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** Decimal hours of the wall clock in `timeZone` at `at` (09:30 → 9.5). */
export function localHours(at: Date, timeZone: string): number {
  const day = 86_400_000;
  const wall = at.getTime() + zoneOffsetMs(at.getTime(), timeZone);
  return (((wall % day) + day) % day) / 3_600_000;
}

/** The instant a turn starts: its local date and decimal time in the clinic's zone. */
export function turnStart(date: string, time: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + Math.round(time * 3_600_000);
  // Two passes settle the offset even across a daylight-saving change.
  let utc = wall - zoneOffsetMs(wall, timeZone);
  utc = wall - zoneOffsetMs(utc, timeZone);
  return new Date(utc);
}

/** Whether a turn starts less than `CANCEL_NOTICE_HOURS` from `now` (or has started). */
export function withinCancelNotice(
  turn: { date: string; time: number },
  now: Date,
  timeZone: string,
): boolean {
  const ms = turnStart(turn.date, turn.time, timeZone).getTime() - now.getTime();
  return ms < CANCEL_NOTICE_HOURS * 3_600_000;
}

/** Whether a turn has started (or is over) at `now`: nobody moves or cancels it any more. */
export function hasStarted(turn: { date: string; time: number }, now: Date, timeZone: string): boolean {
  return turnStart(turn.date, turn.time, timeZone).getTime() <= now.getTime();
}

/**
 * A patient cancelling a medic-accepted turn needs `CANCEL_NOTICE_HOURS` of notice. The rule binds
 * the patient only: the turn's own medic moves or cancels any turn that has not started.
 */
export function cancelRefused(
  turn: { date: string; time: number; medicAccepts: boolean },
  now: Date,
  timeZone: string,
): boolean {
  return turn.medicAccepts && withinCancelNotice(turn, now, timeZone);
}

/** GET /api/turns/search?ID={patientId}. */
export const TurnSearchQuerySchema = v.object({
  ID: PatientIdQuery,
});

/** pop-ups naming the turn. */
export const turnIdAccepted = (id: number): string => `Turn ID ${id} accepted!`;
export const turnIdDeleted = (id: number): string => `Turn ID ${id} deleted!`;

/** POST /api/turns/outside-hours: the booked turns these office hours would leave outside them. */
export const OutsideHoursQuerySchema = v.object({
  officeHours: v.pipe(
    v.string(MSG.invalidWorkingHours),
    v.check((x) => parseOfficeHours(x) !== null, MSG.invalidWorkingHours),
  ),
});

/**
 * DELETE /api/turns/delete/{id}: a clinic cancelling a paid consultation may say, in `refund`,
 * where its payment goes (back to the card, or kept as a credit for the next budget). Without it
 * nothing is refunded (the medic may refund from the budget's summary later).
 */
export const CancelTurnQuerySchema = v.object({
  refund: v.optional(v.picklist(['card', 'credit'], MSG.invalidRefundTo)),
});

/**
 * A turn's description as its patient reads it: the clinic's '#consult' tag never shows; a
 * consultation reads 'Consultation' (with the rest of the description after it, when there is one
 * and it does not say so already: 'Consultation requested by the patient' stays as it is).
 */
export function patientTurnTitle(description: string): string {
  const rest = withConsultKeyword(description, false);
  if (!isConsultation(description)) return description;
  if (!rest) return 'Consultation';
  return /^consultation\b/i.test(rest) ? rest : `Consultation: ${rest}`;
}
