import * as v from 'valibot';
import { FormatQuery } from './format';
import { MSG } from './messages';
import { emailShape, foldText, isCalendarDate, type Person, personName } from './person';
import { OptionalSecondFactorCode, ReauthFields } from './second-factor';
import { EMAIL_MAX, LINE_MAX, PageQuerySchema, requiredString } from './validation';

/** A patient's document lies between these, both inclusive. */
export const DOCUMENT_MIN = 1_000_000;
export const DOCUMENT_MAX = 99_999_999;
/**
 * Sign-up takes SPEC's "at least 7 digits" up to this many (a DNI has 7 or 8, a CUIL 11). The
 * patient's own profile keeps such a document as it is; a new one there still stops at DOCUMENT_MAX.
 */
export const SIGN_UP_DOCUMENT_DIGITS = 11;
/** Street number and postal code are positive integers up to this. */
export const ADDRESS_NUMBER_MAX = 9999;
export const PHONE_MIN_LENGTH = 9;

/** Numbers typed in a form arrive as strings; JSON callers may send numbers. Both read as text. */
const textOrNumber = v.optional(
  v.pipe(
    v.union([v.string(), v.number()], MSG.fieldRequired),
    v.transform((x) => String(x)),
    v.maxLength(LINE_MAX, MSG.tooLong),
  ),
  '',
);

/**
 * A person's field rules under one language's messages: the English ones, and the Spanish ones of
 * the patient's own profile. `tooLong` is what an over-long line says.
 */
const personRules = (m: { required: string; tooLong: string; positive: string; phoneTooShort: string }) => {
  const required = () =>
    v.pipe(requiredString(m.required), v.trim(), v.nonEmpty(m.required), v.maxLength(LINE_MAX, m.tooLong));
  return {
    required,
    text: () => v.pipe(required(), v.maxLength(100, m.required)),
    positive: () =>
      v.pipe(
        textOrNumber,
        v.trim(),
        v.nonEmpty(m.required),
        v.regex(/^\d+$/, m.positive),
        v.check((n) => Number(n) >= 1 && Number(n) <= ADDRESS_NUMBER_MAX, m.positive),
        v.transform((n) => String(Number(n))),
      ),
    phone: () =>
      v.pipe(required(), v.minLength(PHONE_MIN_LENGTH, m.phoneTooShort), v.maxLength(30, m.phoneTooShort)),
  };
};

const {
  required,
  text,
  positive: positiveUpTo9999,
  phone,
} = personRules({
  required: MSG.fieldRequired,
  tooLong: MSG.tooLong,
  positive: MSG.positiveUpTo9999,
  phoneTooShort: MSG.phoneTooShort,
});

/**
 * Sign-up's rule for a birth date, everywhere one is written (the desk, Update patient, a patient's
 * own data): not after today, with the message of its own.
 */
const notAhead = () => v.check((d: string) => d <= new Date().toISOString().slice(0, 10), MSG.birthInFuture);

const birth = () => v.pipe(required(), v.check(isCalendarDate, MSG.invalidDate), notAhead());

/** The fields a medic can change on a patient (Update patient), shared with registration. */
const editableUser = {
  name: personName(MSG.fieldRequired, MSG.nameInvalid),
  lastName: personName(MSG.fieldRequired, MSG.lastNameInvalid),
  street: text(),
  number: positiveUpTo9999(),
  city: text(),
  postalCode: positiveUpTo9999(),
  birth: birth(),
  cellphone: phone(),
  telephone: phone(),
};

/** A document is a DNI (digits) or another type, chosen explicitly. */
export const DOCUMENT_TYPES = ['DNI', 'passport', 'foreign'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** A passport or a foreign ID: letters and digits, this many. */
export const OTHER_DOCUMENT = /^[A-Za-z0-9]{5,20}$/;

/** A medical service the desk may leave empty. */
const optionalService = v.optional(
  v.pipe(v.string(MSG.fieldRequired), v.trim(), v.maxLength(100, MSG.fieldRequired)),
  '',
);
const DeskInfoPatientSchema = v.optional(
  v.object({ medicalService: optionalService }, MSG.fieldRequired),
  {} as { medicalService?: string },
);

/** SPEC's DNI: digits between DOCUMENT_MIN and DOCUMENT_MAX, kept without leading zeros. */
const dniDocument = v.pipe(
  textOrNumber,
  v.trim(),
  v.nonEmpty(MSG.fieldRequired),
  v.regex(/^\d+$/, MSG.invalidId),
  v.check((d) => Number(d) >= DOCUMENT_MIN && Number(d) <= DOCUMENT_MAX, MSG.invalidId),
  v.transform((d) => String(Number(d))),
);
/** A passport or a foreign ID: letters and digits, kept in capitals. */
const otherDocument = v.pipe(
  textOrNumber,
  v.trim(),
  v.nonEmpty(MSG.fieldRequired),
  v.regex(OTHER_DOCUMENT, MSG.invalidOtherDocument),
  v.transform((d) => d.toUpperCase()),
);
/**
 * The document under its type's own rule, checked as the field is typed: a DNI (the type when none
 * is chosen) or, chosen explicitly, a passport or foreign ID. A `v.variant` on `documentType`.
 */
const documented = <E extends v.ObjectEntries>(entries: E, message?: string) =>
  v.variant(
    'documentType',
    [
      v.object(
        { ...entries, documentType: v.optional(v.literal('DNI'), 'DNI'), document: dniDocument },
        message,
      ),
      v.object(
        { ...entries, documentType: v.picklist(['passport', 'foreign'] as const), document: otherDocument },
        message,
      ),
    ],
    MSG.documentTypeInvalid,
  );

/** A phone the desk may leave empty; when given, SPEC's at least 9 characters. */
const optionalPhone = () =>
  v.pipe(
    requiredString(MSG.fieldRequired),
    v.trim(),
    v.maxLength(30, MSG.phoneTooShort),
    v.check((p) => p === '' || p.length >= PHONE_MIN_LENGTH, MSG.phoneTooShort),
  );

/** An email the desk may leave empty (a dependant may share the guardian's, or have none). */
const optionalEmail = v.pipe(
  requiredString(MSG.insertValidEmail),
  v.trim(),
  v.maxLength(254, MSG.insertValidEmail),
  v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === '') return '';
    const checked = v.safeParse(v.pipe(v.string(), emailShape(MSG.insertValidEmail)), dataset.value);
    if (!checked.success) {
      addIssue({ message: MSG.insertValidEmail });
      return NEVER;
    }
    return checked.output.toLowerCase();
  }),
);

/**
 * Register patient at the desk, checked in this order so the first message per field is the SPEC's.
 * The desk may leave telephone, cellphone (one phone is enough), email and medical service empty;
 * the patient page says what is missing. A dependant names their guardian (`infoPatient.guardianID`,
 * a patient) and may share the guardian's email or have none.
 */
export const PatientInputSchema = v.object({
  infoUser: v.optional(
    v.pipe(
      documented(
        {
          ...editableUser,
          cellphone: optionalPhone(),
          telephone: optionalPhone(),
          email: optionalEmail,
        },
        MSG.fieldRequired,
      ),
      v.forward(
        v.partialCheck(
          [['telephone'], ['cellphone']],
          (u) => u.telephone !== '' || u.cellphone !== '',
          MSG.onePhoneNeeded,
        ),
        ['cellphone'],
      ),
    ),
    {},
  ),
  infoPatient: v.optional(
    v.object(
      {
        medicalService: optionalService,
        guardianID: v.optional(
          v.nullable(
            v.pipe(
              v.number(MSG.guardianNotFound),
              v.integer(MSG.guardianNotFound),
              v.minValue(1, MSG.guardianNotFound),
            ),
          ),
        ),
      },
      MSG.fieldRequired,
    ),
    {} as { medicalService?: string; guardianID?: number | null },
  ),
});

/**
 * The desk corrects a patient's document (and its type) and email: the medic signs again with their
 * password (and code, with a second factor); the patient is mailed at the old and the new address.
 */
export const PatientIdentitySchema = documented({ email: optionalEmail, ...ReauthFields });
export type PatientIdentity = v.InferOutput<typeof PatientIdentitySchema>;

/** Update patient: document and email stay as registered. */
export const PatientUpdateSchema = v.object({
  ID: v.optional(v.unknown()),
  infoUser: v.optional(
    v.pipe(
      v.object(
        { ...editableUser, cellphone: optionalPhone(), telephone: optionalPhone() },
        MSG.fieldRequired,
      ),
      v.forward(
        v.partialCheck(
          [['telephone'], ['cellphone']],
          (u) => u.telephone !== '' || u.cellphone !== '',
          MSG.onePhoneNeeded,
        ),
        ['cellphone'],
      ),
    ),
    {},
  ),
  infoPatient: DeskInfoPatientSchema,
});

const {
  required: requiredEs,
  text: textEs,
  positive: positiveEs,
  phone: phoneEs,
} = personRules({
  required: MSG.esFieldRequired,
  tooLong: MSG.esFieldRequired,
  positive: MSG.esPositiveInteger,
  phoneTooShort: MSG.esPhoneTooShort,
});

/**
 * "Patient profile schema (Spanish messages)": what a patient edits of their own data at
 * /home/dataUpdate. Unlike the medic's Update patient, document and email are theirs to correct (a
 * social sign-in starts with a provisional document).
 */
export const PatientProfileSchema = v.object({
  ID: v.optional(v.unknown()),
  infoUser: v.optional(
    v.object(
      {
        name: personName(MSG.esFieldRequired, MSG.nameInvalid),
        lastName: personName(MSG.esFieldRequired, MSG.lastNameInvalid),
        document: v.pipe(
          textOrNumber,
          v.trim(),
          v.nonEmpty(MSG.esFieldRequired),
          v.regex(/^\d+$/, MSG.esInvalidDni),
          // Up to what sign-up takes; a changed document above DOCUMENT_MAX is refused by the route,
          // which knows the one the patient has.
          v.check((d) => Number(d) >= 1 && d.length <= SIGN_UP_DOCUMENT_DIGITS, MSG.esInvalidDni),
          v.transform((d) => String(Number(d))),
        ),
        email: v.pipe(
          requiredEs(),
          emailShape(MSG.esInvalidEmail),
          v.maxLength(254, MSG.esInvalidEmail),
          v.toLowerCase(),
        ),
        birth: v.pipe(requiredEs(), v.check(isCalendarDate, MSG.esInvalidDate), notAhead()),
        telephone: phoneEs(),
        cellphone: phoneEs(),
        street: textEs(),
        number: positiveEs(),
        city: textEs(),
        postalCode: positiveEs(),
      },
      MSG.esFieldRequired,
    ),
    {},
  ),
  infoPatient: v.optional(
    v.object({ medicalService: textEs() }, MSG.esFieldRequired),
    {} as { medicalService?: string },
  ),
  /** Needed only when the email changes: a session alone cannot move the account to another address. */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(128, MSG.currentPasswordWrong))),
  /** With a second factor, an email change also takes its code. */
  code: OptionalSecondFactorCode,
});

export type PatientProfile = v.InferOutput<typeof PatientProfileSchema>;
export type PatientCreate = v.InferOutput<typeof PatientInputSchema>;
export type PatientUpdate = v.InferOutput<typeof PatientUpdateSchema>;

/** One row of GET /api/patients. */
export type PatientListItem = { ID: number } & Pick<Person, 'name' | 'lastName' | 'document' | 'email'>;

/** Whole years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD); null when unknown. */
export function ageOn(birth: string, today: string): number | null {
  if (!isCalendarDate(birth) || !isCalendarDate(today)) return null;
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

export type PatientSearch =
  | { kind: 'empty'; error: string }
  | { kind: 'invalid'; error: string }
  | { kind: 'document'; term: string }
  | { kind: 'name'; term: string };

/**
 * Patient search: digits only search by document, letters (and the spaces between words)
 * by name; special characters or letters mixed with digits are a wrong format; nothing is empty.
 */
export function parsePatientSearch(input: string): PatientSearch {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'empty', error: MSG.emptySearch };
  if (/^\d+$/.test(text)) return { kind: 'document', term: text };
  if (/^[\p{L}\p{M}]+( [\p{L}\p{M}]+)*$/u.test(text)) return { kind: 'name', term: foldText(text) };
  return { kind: 'invalid', error: MSG.wrongSearchFormat };
}

/** The smallest string greater than every string starting with `prefix` (for index range scans). */
export function prefixUpperBound(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop();
  if (last === undefined) return '\u{10FFFF}';
  const code = last.codePointAt(0) ?? 0;
  return chars.join('') + String.fromCodePoint(Math.min(code + 1, 0x10ffff));
}

/** Query of GET /api/patients: a search term, or an exact document or email, and a page. */
export const PatientQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(LINE_MAX))),
  /** The calendar's patient picker: a substring of name, last name, document or email. */
  contains: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  document: v.optional(v.pipe(v.string(), v.maxLength(LINE_MAX))),
  email: v.optional(v.pipe(v.string(), v.maxLength(EMAIL_MAX))),
  ...PageQuerySchema.entries,
  /** `csv`: every match as a CSV file (lib/csv.ts) instead of a JSON page. */
  format: FormatQuery,
});

/** A patient's ID in a query string (`?id=`, `?PatientID=`): anything but digits is 'Patient Not Found'. */
export const PatientIdQuery = v.pipe(
  v.optional(v.string(), ''),
  v.regex(/^\d+$/, MSG.patientNotFoundApi),
  v.transform(Number),
);
