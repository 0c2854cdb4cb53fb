import {
  type Clinic,
  ClinicCreateSchema,
  check,
  emptyOfficeHours,
  formatOfficeHours,
} from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { payloadOf, valuesOf } from './values';

const MONDAY_9_TO_13 = [[], [{ min: 9, max: 13 }], [], [], [], [], []];

const CLINIC: Clinic = {
  ID: 1,
  name: 'Sonrisas',
  imgLogo: 'https://clinic.test/logo.png',
  street: 'Main',
  number: '123',
  city: 'Rosario',
  postalcode: '2000',
  telephone: '3411234567',
  email: 'front@clinic.test',
  hours: '',
  turnStandardDuration: 0.75,
  officeHours: formatOfficeHours(MONDAY_9_TO_13),
  timeZone: 'America/Argentina/Cordoba',
  currency: 'USD',
  requireMedicSecondFactor: false,
  dateOrder: 'mdy',
  waitlistGraceMinutes: 3,
  waitlistHoldMinutes: 15,
  waitlistBatch: 3,
  minDepositPercent: 100,
};

describe('the clinic form values', () => {
  test('a clinic fills the form: its text as is, the duration in minutes, the office hours parsed', () => {
    // The waitlist and deposit settings are not on this form (they travel in GET and PUT /api/Clinics);
    // the password and code are asked only when the sign-in policy changes.
    const {
      ID: _,
      hours: __,
      turnStandardDuration: ___,
      officeHours: ____,
      waitlistGraceMinutes: _g,
      waitlistHoldMinutes: _h,
      waitlistBatch: _b,
      minDepositPercent: _d,
      ...text
    } = CLINIC;
    expect(valuesOf(CLINIC)).toEqual({
      ...text,
      turnStandardDuration: '45',
      officeHours: MONDAY_9_TO_13,
      currentPassword: '',
      code: '',
    });
  });

  test("a new clinic starts blank, every day closed, in the browser's zone", () => {
    const values = valuesOf(null);
    expect(values.name).toBe('');
    expect(values.turnStandardDuration).toBe('');
    expect(values.officeHours).toEqual(emptyOfficeHours());
    expect(values.currency).toBe('ARS');
    expect(values.requireMedicSecondFactor).toBe(true);
    expect(values.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });

  test('the body speaks hours and the office hours as JSON text, and round-trips a clinic', () => {
    const body = payloadOf(valuesOf(CLINIC));
    expect(body.turnStandardDuration).toBe(0.75);
    expect(body.officeHours).toBe(CLINIC.officeHours);
    const parsed = check(ClinicCreateSchema, body);
    expect(parsed.ok && parsed.value).toMatchObject({ name: 'Sonrisas', turnStandardDuration: 0.75 });
  });

  test('a blank duration and no working day go out blank, for the required-field messages', () => {
    const body = payloadOf({ ...valuesOf(null), turnStandardDuration: ' ' });
    expect(body.turnStandardDuration).toBe('');
    expect(body.officeHours).toBe('');
  });
});
