import { count } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { searchNameOf } from '../contract/person';
import type { Db } from '../db/client';
import { clinics, medics, patients, teeth, treatments, users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { DEMO_CLINIC, DEMO_MEDIC, DEMO_MEDIC_PERSON, DEMO_PATIENT, DEMO_PATIENT_PERSON } from './demo';

export { DEMO_CLINIC, DEMO_MEDIC, DEMO_MEDIC_PERSON, DEMO_PATIENT, DEMO_PATIENT_PERSON };

const range = (min: number, max: number) => ({ min, max });
const WEEKDAY = [range(9, 13), range(14, 18)];
/** Sunday first: closed on weekends, 9–13 and 14–18 Monday to Friday. */
export const DEMO_OFFICE_HOURS = [[], WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, []];

/** The clinic's price list (currency units); 0101 is the consultation fixes. */
export const DEMO_TREATMENTS = [
  { id: '0101', treatmentType: 'consultas', description: 'consultation', price: 1170 },
  { id: '0201', treatmentType: 'fillings', description: 'Composite filling, one surface', price: 4500 },
  { id: '0202', treatmentType: 'fillings', description: 'Composite filling, two surfaces', price: 6200 },
  { id: '0301', treatmentType: 'endodontics', description: 'Root canal, single root', price: 18000 },
  { id: '0302', treatmentType: 'endodontics', description: 'Root canal, multiple roots', price: 26500 },
  { id: '0401', treatmentType: 'periodontics', description: 'Scaling and polishing', price: 5200 },
  { id: '0501', treatmentType: 'surgery', description: 'Simple extraction', price: 7800 },
  { id: '0502', treatmentType: 'surgery', description: 'Wisdom tooth extraction', price: 21000 },
  { id: '0601', treatmentType: 'radiology', description: 'Periapical X-ray', price: 1500 },
  { id: '0602', treatmentType: 'radiology', description: 'Panoramic X-ray', price: 4800 },
  { id: '0701', treatmentType: 'prevention', description: 'Fluoride application', price: 2100 },
  { id: '0801', treatmentType: 'prosthetics', description: 'Porcelain crown', price: 45000 },
  { id: '0901', treatmentType: 'orthodontics', description: 'Orthodontic check-up', price: 3900 },
  { id: '1001', treatmentType: 'aesthetics', description: 'Whitening session', price: 12000 },
];

const ZONES = ['upper right', 'upper left', 'lower left', 'lower right'] as const;

/**
 * The teeth in FDI two-digit numbering: the 32 permanent (quadrant 1–4, position 1–8), then the 20
 * primary (quadrant 5–8, position 1–5). Migration 0028 writes the same rows.
 */
export const FDI_TEETH = [
  ...ZONES.flatMap((zone, q) =>
    Array.from({ length: 8 }, (_, p) => ({ id: (q + 1) * 10 + p + 1, zone, position: p + 1 })),
  ),
  ...ZONES.flatMap((zone, q) =>
    Array.from({ length: 5 }, (_, p) => ({ id: (q + 5) * 10 + p + 1, zone, position: p + 1 })),
  ),
];

/**
 * Seeds the demo accounts and clinic on an empty database; answers false (and writes nothing)
 * otherwise. `more` adds statements to the same batch (`npm start`'s demo clinic, demo-clinic.ts).
 */
export async function seedDemo(
  db: Db,
  pepper: string,
  more: () => Promise<BatchItem<'sqlite'>[]> = async () => [],
): Promise<boolean> {
  const existing = await db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return false;
  const [medicHash, patientHash, extra] = await Promise.all([
    hashPassword(DEMO_MEDIC.password, pepper),
    hashPassword(DEMO_PATIENT.password, pepper),
    more(),
  ]);
  await db.batch([
    db.insert(clinics).values({
      id: 1,
      ...DEMO_CLINIC,
      logo: '',
      officeHours: JSON.stringify(DEMO_OFFICE_HOURS),
      // The demo's accounts sign in with their password alone (README, Demo accounts).
      requireMedicSecondFactor: false,
    }),
    // Two statements: D1 binds at most 100 values to one.
    db.insert(teeth).values(FDI_TEETH.slice(0, 32)).onConflictDoNothing(),
    db.insert(teeth).values(FDI_TEETH.slice(32)).onConflictDoNothing(),
    db.insert(treatments).values(
      DEMO_TREATMENTS.map(({ price, ...t }) => ({
        ...t,
        clinicId: 1,
        priceCents: Math.round(price * 100),
      })),
    ),
    ...demoMedicInserts(db, medicHash),
    db.insert(users).values({
      id: 2,
      email: DEMO_PATIENT.email,
      passwordHash: patientHash,
      userType: 'Patient',
      ...DEMO_PATIENT_PERSON,
      searchName: searchNameOf(DEMO_PATIENT_PERSON.name, DEMO_PATIENT_PERSON.lastName),
    }),
    db.insert(patients).values({ id: 1, userId: 2, medicalService: 'OSDE', obraSocial: '123456789' }),
    ...extra,
  ]);
  return true;
}

/** The demo medic's user and medic rows (users.id 1, medics.id 1). */
function demoMedicInserts(db: Db, passwordHash: string) {
  return [
    db.insert(users).values({
      id: 1,
      email: DEMO_MEDIC.email,
      passwordHash,
      userType: 'Medic',
      ...DEMO_MEDIC_PERSON,
      searchName: searchNameOf(DEMO_MEDIC_PERSON.name, DEMO_MEDIC_PERSON.lastName),
    }),
    db.insert(medics).values({
      id: 1,
      userId: 1,
      clinicId: 1,
      doctorTitle: 'Dr.',
      doctorSpecialization: 'General dentistry',
      doctorTuitionDate: '1998-03-01',
      doctorTuitionNumber: 4521,
    }),
  ] as const;
}

/**
 * An empty deployment with only the demo medic, approved, and no clinic: the initial-config flow
 * (Clinic) starts from here. Local only, like the demo seed; false when users exist.
 */
export async function seedDemoMedicOnly(db: Db, pepper: string): Promise<boolean> {
  const existing = await db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return false;
  await db.batch(demoMedicInserts(db, await hashPassword(DEMO_MEDIC.password, pepper)));
  return true;
}
