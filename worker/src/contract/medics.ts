import * as v from 'valibot';
import { MSG } from './messages';
import { requiredString } from './validation';

/** A medic as the API answers it (SPEC §3 Medic): user fields plus the doctor's data. */
export interface Medic {
  ID: number;
  UserID: number;
  ClinicID: number;
  userType: 'Medic';
  name: string;
  lastName: string;
  document: string;
  email: string;
  street: string;
  number: string;
  city: string;
  postalCode: string;
  birth: string;
  cellphone: string;
  telephone: string;
  imageProfile: string | null;
  doctorTitle: string;
  doctorSpecialization: string;
  doctorTuitionDate: string;
  doctorTuitionNumber: number | null;
  /** False while a self-registered medic waits for approval (DESIGN §7.10). */
  approved: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LETTERS = /^[\p{L}][\p{L}\s'.-]*$/u;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD'. */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const required = (msg: string) => v.pipe(requiredString(msg), v.trim(), v.nonEmpty(msg));
const date = (msg: string) => v.pipe(required(msg), v.check(isCalendarDate, MSG.invalidDate));
const phone = (msg: string) => v.pipe(required(msg), v.minLength(9, MSG.phoneTooShort));
const positiveInteger = (msg: string) =>
  v.pipe(
    v.optional(v.union([v.string(MSG.positiveInteger), v.number(MSG.positiveInteger)]), ''),
    v.transform((x) => String(x).trim()),
    v.nonEmpty(msg),
    v.regex(/^\d+$/, MSG.positiveInteger),
    v.check((x) => Number(x) > 0, MSG.positiveInteger),
    v.transform((x) => String(Number(x))),
  );

/**
 * Update my info (SPEC §2 updateMedic, §7 PUT /medics/{medicId}): every field the screen shows,
 * with the medic registration messages of SPEC §5 where it names them.
 */
export const MedicUpdateSchema = v.object({
  infoUser: v.optional(
    v.object({
      name: v.pipe(required(MSG.nameRequired), v.regex(LETTERS, MSG.nameInvalid)),
      lastName: v.pipe(required(MSG.lastNameRequired), v.regex(LETTERS, MSG.lastNameInvalid)),
      email: v.pipe(required(MSG.fieldRequired), v.regex(EMAIL, MSG.insertValidEmail), v.toLowerCase()),
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

export type MedicUpdateInput = v.InferInput<typeof MedicUpdateSchema>;
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
