/**
 * The demo clinic's accounts and data, written once: the seed writes them, and the API and
 * end-to-end tests read them from here (`@clinic/worker/demo`; no imports, so any test can load it).
 */

export const DEMO_MEDIC = { email: 'medic@clinic.test', password: 'Medic2026' } as const;
export const DEMO_PATIENT = { email: 'patient@clinic.test', password: 'Patient2026' } as const;

/** The demo clinic's own fields, as the seed writes them (the tests read them from here). */
export const DEMO_CLINIC = {
  name: 'Demo Clinic',
  street: 'Main Street',
  number: '100',
  city: 'Springfield',
  postalCode: '1000',
  telephone: '011 4555 0100',
  email: 'info@clinic.test',
  hours: 'Monday to Friday 9–13 and 14–18',
  turnStandardDuration: 0.5,
  timeZone: 'America/Argentina/Buenos_Aires',
} as const;

/** The demo medic's and the demo patient's personal data. */
export const DEMO_MEDIC_PERSON = {
  name: 'Gregory',
  lastName: 'House',
  document: '20123456',
  street: 'Baker Street',
  number: '221',
  city: 'Springfield',
  postalCode: '1000',
  birth: '1970-06-11',
  cellphone: '1155550101',
  telephone: '1145550101',
} as const;
export const DEMO_PATIENT_PERSON = {
  name: 'Lisa',
  lastName: 'Simpson',
  document: '35123456',
  street: 'Evergreen Terrace',
  number: '742',
  city: 'Springfield',
  postalCode: '1001',
  birth: '1992-05-09',
  cellphone: '1155550202',
  telephone: '1145550202',
} as const;

/** The demo clinic as the 'Medical record' form's clinic section shows it, with a logo's URL. */
export const demoClinicSection = (logo: string) => ({
  logo,
  name: DEMO_CLINIC.name,
  street: DEMO_CLINIC.street,
  number: DEMO_CLINIC.number,
  city: DEMO_CLINIC.city,
  postalCode: DEMO_CLINIC.postalCode,
  telephone: DEMO_CLINIC.telephone,
  email: DEMO_CLINIC.email,
  hours: DEMO_CLINIC.hours,
});
