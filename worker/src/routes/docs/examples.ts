import { DEMO_CLINIC, DEMO_EMAILS, DEMO_MEDIC_PERSON, DEMO_PATIENT_PERSON } from '../../db/demo-people';
import type { Examples } from './openapi';

/**
 * Answer examples for the API description, from the demo clinic `npm start` seeds (db/demo): the
 * people, the clinic and the accounts a reader can sign in with locally. Each one must match its
 * route's answer schema (the description's tests parse them).
 */
const patient = {
  ID: 1,
  userID: 2,
  userType: 'Patient',
  ...DEMO_PATIENT_PERSON,
  email: DEMO_EMAILS.patient,
  imageProfile: null,
  medicalService: 'OSDE',
  obraSocial: null,
  showClinicalHistory: true,
  tutor: null,
  documentType: 'DNI',
  guardianID: null,
  missing: [],
  fullName: `${DEMO_PATIENT_PERSON.name} ${DEMO_PATIENT_PERSON.lastName}`,
  age: 34,
};

const turn = {
  ID: 1,
  date: '2026-12-01',
  time: 9.5,
  duration: 0.5,
  description: 'Check-up',
  medicAccepts: true,
  patientAccepts: true,
  MedicID: 1,
  PatientID: 1,
  isConsultation: false,
  budgetID: null,
  budgetPaid: null,
  confirmedBy: 'patient',
  confirmedByMedicID: null,
  hoursFlag: null,
  outcome: null,
  patientConfirmed: false,
  emailConfirmed: true,
  userPatient: {
    name: DEMO_PATIENT_PERSON.name,
    lastName: DEMO_PATIENT_PERSON.lastName,
    document: DEMO_PATIENT_PERSON.document,
  },
};

const budget = {
  ID: 1,
  PatientID: 1,
  patientFullName: patient.fullName,
  patientDocument: DEMO_PATIENT_PERSON.document,
  treatments: [
    {
      ID: '0101',
      treatmentType: 'Consultation',
      description: 'Consultation',
      price: 1170,
      quantity: 1,
      subTotalPrice: 1170,
      toothID: null,
    },
  ],
  discount: null,
  totalPrice: 1170,
  paid: false,
  linkPayment: null,
  idPayment: null,
  creationDate: '2026-11-20',
  updateDate: '2026-11-20',
  paidAmount: 0,
  balance: 1170,
  status: 'Pending',
  validUntil: null,
  voidReason: null,
};

export const DEMO_EXAMPLES: Examples = {
  'GET /api/health': { ok: true },
  'POST /api/login': {
    userType: 'Medic',
    name: DEMO_MEDIC_PERSON.name,
    lastName: DEMO_MEDIC_PERSON.lastName,
    document: DEMO_MEDIC_PERSON.document,
    email: DEMO_EMAILS.medic,
  },
  'GET /api/me': {
    ID: 1,
    email: DEMO_EMAILS.medic,
    name: DEMO_MEDIC_PERSON.name,
    lastName: DEMO_MEDIC_PERSON.lastName,
    document: DEMO_MEDIC_PERSON.document,
    userType: 'Medic',
    approved: true,
    incomplete: false,
    doctorTitle: 'Dr.',
    patientID: null,
    medicID: 1,
    pending: null,
  },
  'GET /api/patients/:id': patient,
  'GET /api/patients': [
    {
      ID: 1,
      name: DEMO_PATIENT_PERSON.name,
      lastName: DEMO_PATIENT_PERSON.lastName,
      document: DEMO_PATIENT_PERSON.document,
      email: DEMO_EMAILS.patient,
      Patient: { ID: 1 },
    },
  ],
  'GET /api/Clinics': {
    ID: 1,
    name: DEMO_CLINIC.name,
    imgLogo: '',
    street: DEMO_CLINIC.street,
    number: DEMO_CLINIC.number,
    city: DEMO_CLINIC.city,
    postalcode: DEMO_CLINIC.postalCode,
    telephone: DEMO_CLINIC.telephone,
    email: DEMO_CLINIC.email,
    hours: DEMO_CLINIC.hours,
    turnStandardDuration: DEMO_CLINIC.turnStandardDuration,
    officeHours:
      '{"1":[[9,13],[14,18]],"2":[[9,13],[14,18]],"3":[[9,13],[14,18]],"4":[[9,13],[14,18]],"5":[[9,13],[14,18]]}',
    timeZone: DEMO_CLINIC.timeZone,
    currency: 'ARS',
    requireMedicSecondFactor: false,
    dateOrder: 'mdy',
    waitlistGraceMinutes: 3,
    waitlistHoldMinutes: 15,
    waitlistBatch: 3,
    minDepositPercent: 100,
  },
  'GET /api/turns/search': [turn],
  'GET /api/turns': [turn],
  'GET /api/turns/free': { date: '2026-12-01', slots: [9, 9.5, 12.5, 14, 14.5, 17, 17.5] },
  'GET /api/Budgets': [budget],
};
