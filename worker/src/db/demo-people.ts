/**
 * The demo clinic's people and clinic, with no password: the seed writes them (local/demo re-exports
 * them), and the API description's examples show them, so this file ships in the deployed worker.
 */

/** The demo accounts' addresses: the API description's examples show them, so they ship deployed. */
export const DEMO_EMAILS = { medic: 'medic@clinic.test', patient: 'patient@clinic.test' } as const;

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
