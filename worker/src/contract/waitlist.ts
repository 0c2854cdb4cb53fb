import * as v from 'valibot';
import { MSG } from './messages';
import { isCalendarDate } from './person';
import { durationMinutes, TURN_OUTCOMES } from './turns';

/** PUT /api/turns/{id}/outcome. */
export const OutcomeInputSchema = v.object({
  outcome: v.picklist(TURN_OUTCOMES, MSG.outcomeRequired),
});

/** The parts of the day a waiting patient can come in: the morning ends at 13:00. */
export const DAY_PARTS = ['morning', 'afternoon', 'any'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const AFTERNOON_FROM = 13;
/** A waitlist entry's window spans at most this many days. */
export const WAITLIST_MAX_DAYS = 180;

/** Whether a start at `time` (decimal hours) falls in `part` of the day. */
export const fitsPart = (part: DayPart, time: number): boolean =>
  part === 'any' || (part === 'morning' ? time < AFTERNOON_FROM : time >= AFTERNOON_FROM);

const date = (msg: string) =>
  v.pipe(v.optional(v.string(msg), ''), v.trim(), v.nonEmpty(msg), v.check(isCalendarDate, msg));

const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** POST /api/waitlist: a patient's own entry (PatientID implied), or the desk's for any patient. */
export const WaitlistInputSchema = v.pipe(
  v.object({
    PatientID: v.optional(
      v.pipe(
        v.union(
          [v.number(MSG.pleaseSelectPatient), v.string(MSG.pleaseSelectPatient)],
          MSG.pleaseSelectPatient,
        ),
        v.check((x) => /^\d{1,12}$/.test(String(x)) && Number(x) >= 1, MSG.pleaseSelectPatient),
        v.transform(Number),
      ),
    ),
    from: date(MSG.waitlistFromRequired),
    to: date(MSG.waitlistToBeforeFrom),
    days: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.number(MSG.waitlistDaysInvalid), v.integer(MSG.waitlistDaysInvalid)),
          MSG.waitlistDaysInvalid,
        ),
        v.minLength(1, MSG.waitlistDaysInvalid),
        v.maxLength(7, MSG.waitlistDaysInvalid),
        v.check((days) => days.every((d) => d >= 0 && d <= 6), MSG.waitlistDaysInvalid),
        v.transform((days) => [...new Set(days)].sort()),
      ),
      [0, 1, 2, 3, 4, 5, 6],
    ),
    part: v.optional(v.picklist(DAY_PARTS, MSG.waitlistPartInvalid), 'any'),
    duration: v.optional(
      v.nullable(
        v.pipe(
          v.number(MSG.invalidInput),
          v.check((h) => durationMinutes(h) !== null, MSG.invalidInput),
          v.transform((h) => (durationMinutes(h) ?? 0) / 60),
        ),
      ),
      null,
    ),
  }),
  v.forward(
    v.check((e) => e.to >= e.from, MSG.waitlistToBeforeFrom),
    ['to'],
  ),
  v.forward(
    v.check((e) => daysBetween(e.from, e.to) <= WAITLIST_MAX_DAYS, MSG.waitlistTooLong),
    ['to'],
  ),
);
export type WaitlistInput = v.InferOutput<typeof WaitlistInputSchema>;

/** One offer of a freed start to a waitlist entry, as the waitlist screen shows it. */
export const WaitlistOfferSchema = v.strictObject({
  ID: v.number(),
  date: v.string(),
  time: v.pipe(v.number(), v.description('Decimal hours.')),
  sentAt: v.string(),
  expiresAt: v.string(),
  state: v.pipe(
    v.picklist(['sent', 'won', 'taken', 'expired']),
    v.description('sent (open until expiresAt), won (claimed: the turn is theirs), taken, expired.'),
  ),
});
export type WaitlistOffer = v.InferOutput<typeof WaitlistOfferSchema>;

/** A waitlist entry as the API answers it. */
export const WaitlistEntrySchema = v.strictObject({
  ID: v.number(),
  PatientID: v.number(),
  patientName: v.string(),
  telephone: v.string(),
  from: v.string(),
  to: v.string(),
  days: v.array(v.number()),
  part: v.picklist(DAY_PARTS),
  duration: v.nullable(v.number()),
  createdAt: v.string(),
  bookedTurnID: v.nullable(v.number()),
  offers: v.array(WaitlistOfferSchema),
});
export type WaitlistEntry = v.InferOutput<typeof WaitlistEntrySchema>;

export const WaitlistLeftSchema = v.strictObject({ ID: v.number(), deleted: v.literal(true) });

/** POST /api/waitlist/offer: the desk offers a free start by hand (the grace does not apply). */
export const ManualOfferInputSchema = v.object({
  date: date(MSG.waitlistFromRequired),
  time: v.pipe(
    v.number(MSG.invalidInput),
    v.check((t) => Number.isFinite(t) && t >= 0 && t < 24, MSG.invalidInput),
  ),
  duration: v.pipe(
    v.number(MSG.invalidInput),
    v.check((h) => durationMinutes(h) !== null, MSG.invalidInput),
    v.transform((h) => (durationMinutes(h) ?? 0) / 60),
  ),
  /** The medic whose book the start is in: any approved medic of the clinic; the signed-in medic when absent. */
  MedicID: v.optional(
    v.pipe(
      v.union([v.number(MSG.unknownMedic), v.string(MSG.unknownMedic)], MSG.unknownMedic),
      v.check((x) => /^\d+$/.test(String(x)) && Number(x) >= 1, MSG.unknownMedic),
      v.transform(Number),
    ),
  ),
});

export const ManualOfferAnswerSchema = v.strictObject({
  slotID: v.number(),
  offered: v.pipe(v.number(), v.description('How many waiting patients were mailed an offer.')),
});

/** The recall list's tabs. */
export const RECALL_TABS = ['due', 'overdue', 'contacted', 'booked'] as const;
export const RecallsQuerySchema = v.object({
  status: v.optional(v.picklist(RECALL_TABS, MSG.invalidInput), 'due'),
});

export const RecallInputSchema = v.object({
  status: v.picklist(['contacted', 'dismissed'], MSG.recallStatusInvalid),
});

export const RecallSchema = v.strictObject({
  ID: v.number(),
  PatientID: v.number(),
  patientName: v.string(),
  telephone: v.string(),
  email: v.string(),
  dueDate: v.string(),
  lastVisit: v.string(),
  status: v.picklist(['open', 'contacted', 'dismissed', 'booked']),
  mailedAt: v.nullable(v.string()),
});
export type Recall = v.InferOutput<typeof RecallSchema>;

/** A patient's own recall due date (the portal): null when none is set. */
export const MyRecallSchema = v.strictObject({ dueDate: v.nullable(v.string()) });

/** A treatment's recall interval: whole months, 1 to 60, or null for none. */
export const RecallMonthsSchema = v.nullable(
  v.pipe(
    v.number(MSG.recallMonthsInvalid),
    v.integer(MSG.recallMonthsInvalid),
    v.minValue(1, MSG.recallMonthsInvalid),
    v.maxValue(60, MSG.recallMonthsInvalid),
  ),
);

/** `months` months after `date` (YYYY-MM-DD), the day clamped to the target month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
