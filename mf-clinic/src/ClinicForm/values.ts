import { hoursToMinutes } from '@clinic/kit';
import {
  type Clinic,
  type ClinicCreateInput,
  type DateOrder,
  DEFAULT_CURRENCY,
  DEFAULT_DATE_ORDER,
  emptyOfficeHours,
  formatOfficeHours,
  hasWorkingDay,
  type OfficeHours,
  officeHoursOf,
} from '@clinic/worker/contract';

/** The clinic's text fields: key, label, input type and autocomplete token. */
export const TEXT_FIELDS = [
  ['name', 'Name', 'text', 'organization'],
  ['street', 'Street', 'text', 'address-line1'],
  ['number', 'Number', 'text', 'off'],
  ['city', 'City', 'text', 'address-level2'],
  ['postalcode', 'Postal code', 'text', 'postal-code'],
  ['telephone', 'Telephone', 'tel', 'tel'],
  ['email', 'Email', 'email', 'email'],
  ['imgLogo', 'Logo URL', 'url', 'url'],
] as const;

type TextKey = (typeof TEXT_FIELDS)[number][0];

export type ClinicFormValues = Record<TextKey, string> & {
  /** Minutes in the form; the API speaks hours. */
  turnStandardDuration: string;
  timeZone: string;
  /** ISO 4217 code of every amount. */
  currency: string;
  officeHours: OfficeHours;
  /** 'Require a second factor for medics', on for a new clinic. */
  requireMedicSecondFactor: boolean;
  /** Changing the policy takes the medic's password (and code): asked only then. */
  currentPassword: string;
  code: string;
  /** The order every screen, mail and PDF writes dates in. */
  dateOrder: DateOrder;
};

/** The zone a new clinic starts with: the browser's own. */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The form's values for a clinic (a new one: blank, the browser's zone, every day closed). */
export function valuesOf(clinic: Clinic | null): ClinicFormValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map(([key]) => [key, clinic?.[key] ?? ''])) as Record<
    TextKey,
    string
  >;
  return {
    ...texts,
    turnStandardDuration: clinic ? String(hoursToMinutes(clinic.turnStandardDuration)) : '',
    timeZone: clinic?.timeZone ?? browserZone(),
    currency: clinic?.currency ?? DEFAULT_CURRENCY,
    officeHours: clinic ? officeHoursOf(clinic) : emptyOfficeHours(),
    requireMedicSecondFactor: clinic?.requireMedicSecondFactor ?? true,
    currentPassword: '',
    code: '',
    dateOrder: clinic?.dateOrder ?? DEFAULT_DATE_ORDER,
  };
}

/** What the clinic form sends: the create's input (an update takes the same, blanks left as they are). */
export type ClinicPayload = ClinicCreateInput & { currentPassword?: string; code?: string };

/** The API body: the clinic fields, the duration in hours and the office hours as JSON text. */
export function payloadOf(values: ClinicFormValues): ClinicPayload {
  const minutes = values.turnStandardDuration.trim();
  return {
    ...values,
    turnStandardDuration: minutes === '' ? '' : Number(minutes) / 60,
    officeHours: hasWorkingDay(values.officeHours) ? formatOfficeHours(values.officeHours) : '',
  };
}
