/**
 * The demo clinic's accounts and data, written once: the seed writes them, and the API and
 * end-to-end tests read them from here (`@clinic/worker/demo`; it imports only demo-people, so any test
 * can load it).
 */

export { DEMO_CLINIC, DEMO_EMAILS, DEMO_MEDIC_PERSON, DEMO_PATIENT_PERSON } from '../db/demo-people';

import { DEMO_CLINIC, DEMO_EMAILS } from '../db/demo-people';

/** The demo accounts: their passwords only the local seed and the tests use, never the deployed worker. */
export const DEMO_MEDIC = { email: DEMO_EMAILS.medic, password: 'Medic2026' } as const;
export const DEMO_PATIENT = { email: DEMO_EMAILS.patient, password: 'Patient2026' } as const;

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

/**
 * The rest of the demo clinic `npm start` seeds on top of the accounts above (local only; the API
 * tests start from the accounts alone). Dates are relative to the day the seed runs, in the
 * clinic's zone.
 *
 * What the end-to-end tests may rely on:
 * - Turns are booked only on the workdays of this week and next (Monday of this week to Friday of
 *   next week): every date DEMO_TURNS_WITHIN_DAYS or more days after today is free.
 * - On those days the seeded turns (30 minutes each) start only at DEMO_BOOKED_TIMES: 09:00,
 *   09:30, 12:30, 14:00, 14:30, 17:00 and 17:30 stay free for every medic, every day.
 * - The demo accounts (Gregory House, Lisa Simpson) keep what they had: no seeded turn, budget,
 *   evolution, study or clinical history belongs to Lisa Simpson.
 * - Seeded patients have no password (a medic registered them) and documents from 27000000 up;
 *   their emails end in DEMO_PATIENT_EMAIL_DOMAIN.
 */
export const DEMO_TURNS_WITHIN_DAYS = 14;
export const DEMO_BOOKED_TIMES = { medic1: [10, 11, 12, 15, 16], medic2: [10.5, 11.5, 15.5, 16.5] } as const;
export const DEMO_FREE_TIMES = [9, 9.5, 12.5, 14, 14.5, 17, 17.5] as const;
export const DEMO_PATIENT_EMAIL_DOMAIN = '@paciente.clinic.test';

/** Two more medics: one approved, one who signed up and waits for approval. */
export const DEMO_MEDICS_MORE = [
  {
    email: 'ana.medina@clinic.test',
    password: 'Medic2026',
    name: 'Ana',
    lastName: 'Medina',
    document: '24567890',
    approved: true,
    doctorTitle: 'Dra.',
    doctorSpecialization: 'Orthodontics',
  },
  {
    email: 'pablo.rinaldi@clinic.test',
    password: 'Medic2026',
    name: 'Pablo',
    lastName: 'Rinaldi',
    document: '26789012',
    approved: false,
    doctorTitle: 'Dr.',
    doctorSpecialization: 'Endodontics',
  },
] as const;

/** The seeded patients' names (40), first the one whose patient page shows a bit of everything. */
export const DEMO_PATIENT_NAMES: readonly (readonly [name: string, lastName: string])[] = [
  ['María', 'González'],
  ['Juan', 'Rodríguez'],
  ['Sofía', 'Fernández'],
  ['Mateo', 'López'],
  ['Valentina', 'Martínez'],
  ['Santiago', 'García'],
  ['Camila', 'Pérez'],
  ['Benjamín', 'Sánchez'],
  ['Lucía', 'Romero'],
  ['Thiago', 'Sosa'],
  ['Martina', 'Álvarez'],
  ['Joaquín', 'Torres'],
  ['Catalina', 'Ruiz'],
  ['Lautaro', 'Ramírez'],
  ['Florencia', 'Flores'],
  ['Tomás', 'Acosta'],
  ['Agustina', 'Benítez'],
  ['Facundo', 'Medina'],
  ['Julieta', 'Herrera'],
  ['Nicolás', 'Suárez'],
  ['Milagros', 'Aguirre'],
  ['Franco', 'Giménez'],
  ['Micaela', 'Gutiérrez'],
  ['Ignacio', 'Pereyra'],
  ['Rocío', 'Molina'],
  ['Federico', 'Castro'],
  ['Carolina', 'Ortiz'],
  ['Emiliano', 'Silva'],
  ['Paula', 'Núñez'],
  ['Gonzalo', 'Luna'],
  ['Antonella', 'Juárez'],
  ['Maximiliano', 'Cabrera'],
  ['Belén', 'Ríos'],
  ['Ezequiel', 'Ferreyra'],
  ['Daniela', 'Godoy'],
  ['Leandro', 'Morales'],
  ['Victoria', 'Domínguez'],
  ['Bruno', 'Vera'],
  ['Abril', 'Quiroga'],
  ['Ramiro', 'Ledesma'],
];
