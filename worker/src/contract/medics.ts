import * as v from 'valibot';
import type { MedicRecordResultSchema, MedicSchema } from './answers';
import type { Clinic } from './clinic';
import { MSG } from './messages';
import { emailShape, isCalendarDate, isWebUrl, personName } from './person';
import { OptionalSecondFactorCode, ReauthFields } from './second-factor';
import { EMAIL_MAX, LINE_MAX, requiredString } from './validation';

/** A medic as the API answers it (Medic): user fields plus the doctor's data. */
export type Medic = v.InferOutput<typeof MedicSchema>;

const required = (msg: string) =>
  v.pipe(requiredString(msg), v.trim(), v.nonEmpty(msg), v.maxLength(LINE_MAX, MSG.tooLong));
const date = (msg: string) => v.pipe(required(msg), v.check(isCalendarDate, MSG.invalidDate));
const phone = (msg: string) => v.pipe(required(msg), v.minLength(9, MSG.phoneTooShort));
/** Digits as text: numbers and numeric strings both read, trimmed; `wrong` for anything else. */
const digits = (requiredMsg: string, wrong: string, max: number) =>
  v.pipe(
    v.optional(v.union([v.string(wrong), v.number(wrong)]), ''),
    v.transform((x) => String(x).trim()),
    v.nonEmpty(requiredMsg),
    v.maxLength(max, wrong),
    v.regex(/^\d+$/, wrong),
  );
const positiveInteger = (msg: string) =>
  v.pipe(
    digits(msg, MSG.positiveInteger, 12),
    v.check((x) => Number(x) > 0, MSG.positiveInteger),
    v.transform((x) => String(Number(x))),
  );

/**
 * Update my info (updateMedic, PUT /medics/{medicId}): every field the screen shows,
 * with the medic registration messages of where it names them.
 */
export const MedicUpdateSchema = v.object({
  /** Needed only when the email changes: a session alone cannot move the account to another address. */
  currentPassword: v.optional(v.pipe(v.string(), v.maxLength(128, MSG.currentPasswordWrong))),
  /** With a second factor, an email change also takes its code. */
  code: OptionalSecondFactorCode,
  infoUser: v.optional(
    v.object({
      name: personName(MSG.nameRequired, MSG.nameInvalid),
      lastName: personName(MSG.lastNameRequired, MSG.lastNameInvalid),
      email: v.pipe(
        required(MSG.fieldRequired),
        v.maxLength(EMAIL_MAX, MSG.insertValidEmail),
        emailShape(MSG.insertValidEmail),
        v.toLowerCase(),
      ),
      birth: date(MSG.birthRequired),
      telephone: phone(MSG.phoneNumberRequired),
      cellphone: phone(MSG.cellphoneNumberRequired),
      street: required(MSG.fieldRequired),
      number: positiveInteger(MSG.adressNumberRequired),
      city: required(MSG.fieldRequired),
      postalCode: positiveInteger(MSG.fieldRequired),
    }),
    {},
  ),
  infoMedic: v.optional(
    v.object({
      specialization: required(MSG.fieldRequired),
      tuition_date: date(MSG.fieldRequired),
    }),
    {},
  ),
  ClinicID: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

export type MedicUpdate = v.InferOutput<typeof MedicUpdateSchema>;

/** The update form's values from a loaded medic, so the form opens prefilled. */
export function medicUpdateInputOf(medic: Medic): {
  infoUser: Record<keyof MedicUpdate['infoUser'], string>;
  infoMedic: Record<keyof MedicUpdate['infoMedic'], string>;
  ClinicID: number;
} {
  return {
    infoUser: {
      name: medic.name,
      lastName: medic.lastName,
      email: medic.email,
      birth: medic.birth,
      telephone: medic.telephone,
      cellphone: medic.cellphone,
      street: medic.street,
      number: medic.number,
      city: medic.city,
      postalCode: medic.postalCode,
    },
    infoMedic: { specialization: medic.doctorSpecialization, tuition_date: medic.doctorTuitionDate },
    ClinicID: medic.ClinicID,
  };
}

const todayIso = (): string => new Date().toISOString().slice(0, 10);
const pastDate = (msg: string, future: string = MSG.invalidDate) =>
  v.pipe(
    date(msg),
    v.check((x) => x <= todayIso(), future),
  );
const email = () =>
  v.pipe(
    required(MSG.emailRequired),
    emailShape(MSG.emailInvalid),
    v.maxLength(254, MSG.emailInvalid),
    v.toLowerCase(),
  );
/** A password the new medic can sign in with: the login rules (a digit, 8 to 20). */
const password = () =>
  v.pipe(
    requiredString(MSG.passwordRequired),
    v.nonEmpty(MSG.passwordRequired),
    v.regex(/\d/, MSG.passwordInvalid),
    v.minLength(8, MSG.passwordTooShort),
    v.maxLength(20, MSG.passwordTooLong),
  );
/** Digits only ('Just numbers'); numbers and numeric strings both read, kept as text. */
const numeric = (requiredMsg: string) => digits(requiredMsg, MSG.justNumbers, 20);
const logo = () => v.pipe(required(MSG.logoRequired), v.check(isWebUrl, MSG.insertValidImageUrl));
const short = (msg: string, max = 120) => v.pipe(required(msg), v.maxLength(max, msg));

/**
 * 'Medical record' (/home/doctor, Medic registration form, POST /medics): a signed-in
 * medic registers another medic of the clinic. Three sections; the clinic section is the clinic the
 * new medic joins (`ClinicID`), prefilled from it. It is optional: the screen sends it only when the
 * medic changed it, and the server writes it only when it differs from the stored clinic.
 * Where SPEC names no message, a required field says 'Field is required'.
 */
export const MedicRegisterSchema = v.object({
  infoUser: v.optional(
    v.object({
      document: v.pipe(
        numeric(MSG.fieldRequired),
        v.check((x) => Number(x) <= 99_999_999, MSG.invalidId),
        v.transform((x) => String(Number(x))),
      ),
      name: personName(MSG.fieldRequired, MSG.nameInvalid),
      lastName: personName(MSG.fieldRequired, MSG.lastNameInvalid),
      birth: pastDate(MSG.fieldRequired, MSG.birthInFuture),
      street: short(MSG.fieldRequired),
      number: positiveInteger(MSG.adressNumberRequired),
      city: short(MSG.fieldRequired),
      postalCode: positiveInteger(MSG.fieldRequired),
      telephone: v.pipe(phone(MSG.phoneNumberRequired), v.maxLength(30, MSG.phoneTooShort)),
      cellphone: v.pipe(phone(MSG.cellphoneNumberRequired), v.maxLength(30, MSG.phoneTooShort)),
      email: email(),
      password: password(),
    }),
    {},
  ),
  infoMedic: v.optional(
    v.object({
      title: short(MSG.fieldRequired, 60),
      specialization: short(MSG.fieldRequired),
      tuition_date: pastDate(MSG.fieldRequired),
      tuition_number: v.pipe(
        numeric(MSG.tuitionNumberRequired),
        v.maxLength(9, MSG.justNumbers),
        v.transform((x) => Number(x)),
      ),
    }),
    {},
  ),
  infoClinic: v.optional(
    v.object({
      logo: logo(),
      name: short(MSG.fieldRequired),
      street: short(MSG.fieldRequired),
      number: positiveInteger(MSG.adressNumberRequired),
      city: short(MSG.fieldRequired),
      postalCode: positiveInteger(MSG.fieldRequired),
      telephone: v.pipe(phone(MSG.phoneNumberRequired), v.maxLength(30, MSG.phoneTooShort)),
      email: email(),
      hours: short(MSG.fieldRequired, 200),
    }),
  ),
  ClinicID: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  /** The registering medic's own password (and code): a session alone cannot add a medic. */
  ...ReauthFields,
});

export type MedicRegister = v.InferOutput<typeof MedicRegisterSchema>;

/** The 'Medical record' form's fields, in the form's order, as the API takes them. */
export interface MedicRecordForm {
  infoUser: Record<keyof MedicRegister['infoUser'], string>;
  infoMedic: Record<keyof MedicRegister['infoMedic'], string>;
  infoClinic: Record<keyof NonNullable<MedicRegister['infoClinic']>, string>;
  ClinicID: number;
  /** The registering medic's own password and code (re-authentication). */
  currentPassword: string;
  code: string;
}

/** The answer of a 'Medical record' registration: the new medic, and whether the clinic changed. */
export type MedicRecordResult = v.InferOutput<typeof MedicRecordResultSchema>;

/** The clinic section as the form or the server reads it: each field trimmed, numbers as digits. */
export function sameClinicSection(
  a: Record<keyof MedicRecordForm['infoClinic'], string>,
  b: Record<keyof MedicRecordForm['infoClinic'], string>,
): boolean {
  const norm = (x: string): string => {
    const t = String(x ?? '').trim();
    return /^\d+$/.test(t) ? String(Number(t)) : t;
  };
  return (Object.keys(a) as (keyof MedicRecordForm['infoClinic'])[]).every((k) => norm(a[k]) === norm(b[k]));
}

/** An empty 'Medical record' whose clinic section is prefilled from the clinic the medic joins. */
export function medicRecordFormOf(
  clinic: Pick<
    Clinic,
    'ID' | 'imgLogo' | 'name' | 'street' | 'number' | 'city' | 'postalcode' | 'telephone' | 'email' | 'hours'
  > | null,
): MedicRecordForm {
  return {
    infoUser: {
      document: '',
      name: '',
      lastName: '',
      birth: '',
      street: '',
      number: '',
      city: '',
      postalCode: '',
      telephone: '',
      cellphone: '',
      email: '',
      password: '',
    },
    infoMedic: { title: '', specialization: '', tuition_date: '', tuition_number: '' },
    infoClinic: {
      logo: clinic?.imgLogo ?? '',
      name: clinic?.name ?? '',
      street: clinic?.street ?? '',
      number: clinic?.number ?? '',
      city: clinic?.city ?? '',
      postalCode: clinic?.postalcode ?? '',
      telephone: clinic?.telephone ?? '',
      email: clinic?.email ?? '',
      hours: clinic?.hours ?? '',
    },
    ClinicID: clinic?.ID ?? 1,
    currentPassword: '',
    code: '',
  };
}
