import { asc } from 'drizzle-orm';
import type { Clinic } from '../contract/clinic';
import type { Db } from './client';
import { clinics } from './schema';

type ClinicRow = typeof clinics.$inferSelect;

export function toClinic(row: ClinicRow): Clinic {
  return {
    ID: row.id,
    name: row.name,
    imgLogo: row.logo,
    street: row.street,
    number: row.number,
    city: row.city,
    postalcode: row.postalCode,
    telephone: row.telephone,
    email: row.email,
    hours: row.hours,
    turnStandardDuration: row.turnStandardDuration,
    officeHours: row.officeHours,
    timeZone: row.timeZone,
    currency: row.currency,
    requireMedicSecondFactor: row.requireMedicSecondFactor,
    dateOrder: row.dateOrder === 'dmy' ? 'dmy' : 'mdy',
    waitlistGraceMinutes: row.waitlistGraceMinutes,
    waitlistHoldMinutes: row.waitlistHoldMinutes,
    waitlistBatch: row.waitlistBatch,
    minDepositPercent: row.minDepositPercent,
  };
}

/** The select of the clinic (the first one), to batch with other reads; `clinicFrom` reads its rows. */
export const clinicQuery = (db: Db) => db.select().from(clinics).orderBy(asc(clinics.id)).limit(1);

export const clinicFrom = (rows: ClinicRow[]): Clinic | null => (rows[0] ? toClinic(rows[0]) : null);

/**
 * The deployment's clinic as the API shows it, or null before the initial config: the routes and
 * the services (the reminders' hours and zone) read it, so it stands on the floor below both.
 */
export async function findClinic(db: Db): Promise<Clinic | null> {
  return clinicFrom(await clinicQuery(db));
}
