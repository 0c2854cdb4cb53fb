import * as v from 'valibot';
import type { ClinicSchema } from './answers';
import { DATE_ORDERS, DEFAULT_DATE_ORDER } from './dates';
import { MSG } from './messages';
import { DEFAULT_CURRENCY, isCurrency } from './money';
import {
  emptyOfficeHours,
  formatOfficeHours,
  hasWorkingDay,
  type OfficeHours,
  parseOfficeHours,
} from './office-hours';
import { emailShape, isWebUrl } from './person';
import { ReauthFields } from './second-factor';
import { STRANDED_CHOICES } from './turns';
import { EMAIL_MAX, requiredString } from './validation';

/** The clinic as the API answers it (Clinic); officeHours is the JSON text of seven entries. */
export type Clinic = v.InferOutput<typeof ClinicSchema>;

/** The waitlist settings' defaults. */
export const WAITLIST_DEFAULTS = {
  waitlistGraceMinutes: 3,
  waitlistHoldMinutes: 15,
  waitlistBatch: 3,
} as const;

/** True when the runtime knows the IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const text = () =>
  v.pipe(
    requiredString(MSG.fieldRequired),
    v.trim(),
    v.nonEmpty(MSG.fieldRequired),
    v.maxLength(2000, MSG.tooLong),
    // One line: the clinic's name is the sender name and part of mail subjects (no header injection).
    v.regex(/^[^\p{Cc}\u2028\u2029]*$/u, MSG.noControlCharacters),
  );

/** Digits only, above zero; numbers and numeric strings both read, stored as text. */
const positiveInteger = () =>
  v.pipe(
    v.optional(v.union([v.string(MSG.positiveInteger), v.number(MSG.positiveInteger)]), ''),
    v.transform((x) => String(x).trim()),
    v.nonEmpty(MSG.fieldRequired),
    v.maxLength(12, MSG.positiveInteger),
    v.regex(/^\d+$/, MSG.positiveInteger),
    v.check((x) => Number(x) > 0, MSG.positiveInteger),
    v.transform((x) => String(Number(x))),
  );

const telephone = () => v.pipe(text(), v.minLength(9, MSG.phoneTooShort));
const email = () =>
  v.pipe(
    text(),
    v.maxLength(EMAIL_MAX, MSG.insertValidEmail),
    emailShape(MSG.insertValidEmail),
    v.toLowerCase(),
  );
const imgLogo = () => v.pipe(text(), v.check(isWebUrl, MSG.insertValidImageUrl));

/** Hours (0.5 = 30 minutes); a positive number at most a day. */
const turnStandardDuration = () =>
  v.pipe(
    v.optional(v.union([v.number(MSG.positiveNumber), v.string(MSG.positiveNumber)]), ''),
    v.check((x) => String(x).trim() !== '', MSG.fieldRequired),
    v.transform((x) => Number(x)),
    v.check((x) => Number.isFinite(x) && x > 0 && x <= 24, MSG.positiveNumber),
  );

/** The JSON text of seven entries, Sunday first; at least one day must have working hours. */
const officeHours = () =>
  v.pipe(
    requiredString(MSG.invalidWorkingHours),
    v.check((x) => x.trim() !== '', MSG.fillOneWorkingDay),
    v.check((x) => parseOfficeHours(x) !== null, MSG.invalidWorkingHours),
    v.check((x) => hasWorkingDay(parseOfficeHours(x) ?? []), MSG.fillOneWorkingDay),
    v.transform((x) => formatOfficeHours(parseOfficeHours(x) ?? [])),
  );

const timeZone = () =>
  v.pipe(v.string(MSG.invalidTimeZone), v.trim(), v.check(isTimeZone, MSG.invalidTimeZone));

const currency = () =>
  v.pipe(v.string(MSG.invalidCurrency), v.trim(), v.toUpperCase(), v.check(isCurrency, MSG.invalidCurrency));

/** A whole number of minutes or patients, within bounds. */
const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.number(MSG.invalidInput),
    v.integer(MSG.invalidInput),
    v.minValue(min, MSG.invalidInput),
    v.maxValue(max, MSG.invalidInput),
  );
const waitlistFields = {
  waitlistGraceMinutes: () => wholeNumber(0, 1440),
  waitlistHoldMinutes: () => wholeNumber(1, 1440),
  waitlistBatch: () => wholeNumber(1, 100),
};
const depositPercent = () =>
  v.pipe(
    v.number(MSG.invalidDepositPercent),
    v.integer(MSG.invalidDepositPercent),
    v.minValue(1, MSG.invalidDepositPercent),
    v.maxValue(100, MSG.invalidDepositPercent),
  );

const fields = {
  name: text(),
  street: text(),
  city: text(),
  number: positiveInteger(),
  postalcode: positiveInteger(),
  telephone: telephone(),
  email: email(),
  imgLogo: imgLogo(),
  turnStandardDuration: turnStandardDuration(),
  officeHours: officeHours(),
};

/** Clinic initial config: every field required. */
export const ClinicCreateSchema = v.object({
  ...fields,
  /** Free text such as 'Monday to Friday 9–13' (the medic registration form's Hours). */
  hours: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  timeZone: v.optional(timeZone(), 'UTC'),
  currency: v.optional(currency(), DEFAULT_CURRENCY),
  /** On unless the medic creating the clinic turns it off. */
  requireMedicSecondFactor: v.optional(v.boolean(MSG.invalidInput), true),
  dateOrder: v.optional(v.picklist(DATE_ORDERS, MSG.invalidInput), DEFAULT_DATE_ORDER),
  waitlistGraceMinutes: v.optional(
    waitlistFields.waitlistGraceMinutes(),
    WAITLIST_DEFAULTS.waitlistGraceMinutes,
  ),
  waitlistHoldMinutes: v.optional(
    waitlistFields.waitlistHoldMinutes(),
    WAITLIST_DEFAULTS.waitlistHoldMinutes,
  ),
  waitlistBatch: v.optional(waitlistFields.waitlistBatch(), WAITLIST_DEFAULTS.waitlistBatch),
  minDepositPercent: v.optional(depositPercent(), 100),
});

export type ClinicCreateInput = v.InferInput<typeof ClinicCreateSchema>;
export type ClinicCreate = v.InferOutput<typeof ClinicCreateSchema>;

/** A blank value in an update means "leave as it is". */
const stripBlanks = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, x]) => x !== null && x !== undefined && !(typeof x === 'string' && !x.trim()),
    ),
  );
};

/** Clinic update: the same rules, no field required. */
export const ClinicUpdateSchema = v.pipe(
  v.unknown(),
  v.check((x) => typeof x === 'object' && x !== null && !Array.isArray(x), MSG.invalidInput),
  v.transform(stripBlanks),
  v.object({
    ID: v.optional(v.number()),
    name: v.optional(fields.name),
    street: v.optional(fields.street),
    city: v.optional(fields.city),
    number: v.optional(fields.number),
    postalcode: v.optional(fields.postalcode),
    telephone: v.optional(fields.telephone),
    email: v.optional(fields.email),
    imgLogo: v.optional(fields.imgLogo),
    turnStandardDuration: v.optional(fields.turnStandardDuration),
    officeHours: v.optional(fields.officeHours),
    hours: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
    timeZone: v.optional(timeZone()),
    currency: v.optional(currency()),
    requireMedicSecondFactor: v.optional(v.boolean(MSG.invalidInput)),
    /** Changing the sign-in policy takes the medic's password (and code), not just the session. */
    ...ReauthFields,
    dateOrder: v.optional(v.picklist(DATE_ORDERS, MSG.invalidInput)),
    /** What happens to booked turns the new office hours leave outside them (asked before saving). */
    strandedTurns: v.optional(v.picklist(STRANDED_CHOICES, MSG.strandedChoiceInvalid)),
    waitlistGraceMinutes: v.optional(waitlistFields.waitlistGraceMinutes()),
    waitlistHoldMinutes: v.optional(waitlistFields.waitlistHoldMinutes()),
    waitlistBatch: v.optional(waitlistFields.waitlistBatch()),
    minDepositPercent: v.optional(depositPercent()),
  }),
);

export type ClinicUpdate = v.InferOutput<typeof ClinicUpdateSchema>;

/** The clinic's office hours, parsed; all days closed when the stored text is unreadable. */
export function officeHoursOf(clinic: Pick<Clinic, 'officeHours'>): OfficeHours {
  return parseOfficeHours(clinic.officeHours) ?? emptyOfficeHours();
}
