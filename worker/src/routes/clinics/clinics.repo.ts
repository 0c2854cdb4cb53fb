import { asc, eq } from 'drizzle-orm';
import type { Clinic, ClinicCreate, ClinicUpdate } from '../../contract/clinic';
import { DEFAULT_CURRENCY } from '../../contract/money';
import type { Db } from '../../db/client';
import { toClinic } from '../../db/clinics.repo';
import { clinics, treatments } from '../../db/schema';

/** The one clinic of a deployment has this ID (default ClinicID 1). */
export const CLINIC_ID = 1;

/** The consultation every '#consult' turn bills. Created with the clinic so budgets can use it. */
export const CONSULTATION = {
  id: '0101',
  treatmentType: 'consultas',
  description: 'consultation',
  priceCents: 117_000,
} as const;

type ClinicColumns = Omit<typeof clinics.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The clinic's currency (the default before a clinic exists). */
export async function clinicCurrency(db: Db): Promise<string> {
  const row = await db
    .select({ currency: clinics.currency })
    .from(clinics)
    .orderBy(asc(clinics.id))
    .limit(1)
    .get();
  return row?.currency ?? DEFAULT_CURRENCY;
}

/** The API's clinic fields under their column names (`imgLogo` is `logo`, `postalcode` is `postalCode`). */
function columnsOf(input: ClinicCreate): ClinicColumns;
function columnsOf(input: ClinicUpdate): Partial<ClinicColumns>;
function columnsOf(input: ClinicCreate | ClinicUpdate): Partial<ClinicColumns> {
  return {
    name: input.name,
    logo: input.imgLogo,
    street: input.street,
    number: input.number,
    city: input.city,
    postalCode: input.postalcode,
    telephone: input.telephone,
    email: input.email,
    hours: input.hours,
    turnStandardDuration: input.turnStandardDuration,
    officeHours: input.officeHours,
    timeZone: input.timeZone,
    currency: input.currency,
    requireMedicSecondFactor: input.requireMedicSecondFactor,
    dateOrder: input.dateOrder,
    waitlistGraceMinutes: input.waitlistGraceMinutes,
    waitlistHoldMinutes: input.waitlistHoldMinutes,
    waitlistBatch: input.waitlistBatch,
    minDepositPercent: input.minDepositPercent,
  };
}

/**
 * Creates the clinic under the fixed ID, with the consultation treatment, in one batch. Answers
 * null when a clinic already exists: two racing requests create exactly one.
 */
export async function createClinic(db: Db, input: ClinicCreate): Promise<Clinic | null> {
  const [inserted] = await db.batch([
    db
      .insert(clinics)
      .values({
        id: CLINIC_ID,
        ...columnsOf(input),
      })
      .onConflictDoNothing()
      .returning(),
    db
      .insert(treatments)
      .values({ ...CONSULTATION, clinicId: CLINIC_ID })
      .onConflictDoNothing(),
  ]);
  const row = inserted[0];
  return row ? toClinic(row) : null;
}

/** Updates the fields given; answers null when the clinic does not exist. */
export async function updateClinic(db: Db, id: number, input: ClinicUpdate): Promise<Clinic | null> {
  const set: Partial<typeof clinics.$inferInsert> = {
    ...columnsOf(input),
    updatedAt: new Date().toISOString(),
  };
  const rows = await db.update(clinics).set(set).where(eq(clinics.id, id)).returning();
  const row = rows[0];
  return row ? toClinic(row) : null;
}
