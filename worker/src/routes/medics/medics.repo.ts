import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PendingMedic } from '../../contract/accounts';
import {
  type Medic,
  type MedicRecordResult,
  type MedicRegister,
  type MedicUpdate,
  sameClinicSection,
} from '../../contract/medics';
import { MSG } from '../../contract/messages';
import { searchNameOf } from '../../contract/person';
import type { Db } from '../../db/client';
import { clinics, medics, sqlNow, users } from '../../db/schema';
import { accountClashes, isUniqueViolation, personColumns } from '../../db/users.repo';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';

const medicColumns = {
  ID: medics.id,
  UserID: users.id,
  ClinicID: medics.clinicId,
  ...personColumns,
  doctorTitle: medics.doctorTitle,
  doctorSpecialization: medics.doctorSpecialization,
  doctorTuitionDate: medics.doctorTuitionDate,
  doctorTuitionNumber: medics.doctorTuitionNumber,
  approved: users.approved,
};

const selectMedics = (db: Db) =>
  db.select(medicColumns).from(medics).innerJoin(users, eq(users.id, medics.userId));

const asMedic = (row: Omit<Medic, 'userType'>): Medic => ({ ...row, userType: 'Medic' });

export async function listMedics(db: Db): Promise<Medic[]> {
  const rows = await selectMedics(db).orderBy(asc(medics.id));
  return rows.map(asMedic);
}

export async function findMedicByEmail(db: Db, email: string): Promise<Medic | null> {
  const row = await selectMedics(db).where(eq(users.email, email.trim().toLowerCase())).get();
  return row ? asMedic(row) : null;
}

export async function findMedic(db: Db, id: number): Promise<Medic | null> {
  const row = await selectMedics(db).where(eq(medics.id, id)).get();
  return row ? asMedic(row) : null;
}

/** True when another user (not `userId`) already has this email. */
export async function emailBelongsToOther(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .get();
  return row !== undefined;
}

/** Writes the medic's own profile: the user record and the doctor's data, in one batch. */
export async function updateMedic(db: Db, medic: Medic, input: MedicUpdate): Promise<Medic | null> {
  const { infoUser, infoMedic } = input;
  const now = new Date().toISOString();
  // The unique email index settles a race the check before it lost: 409 on infoUser.email.
  try {
    await db.batch([
      db
        .update(users)
        .set({
          ...infoUser,
          searchName: searchNameOf(infoUser.name, infoUser.lastName),
          updatedAt: now,
        })
        .where(eq(users.id, medic.UserID)),
      db
        .update(medics)
        .set({
          doctorSpecialization: infoMedic.specialization,
          doctorTuitionDate: infoMedic.tuition_date,
          updatedAt: now,
        })
        .where(eq(medics.id, medic.ID)),
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('conflict', MSG.emailTaken, { 'infoUser.email': { msg: MSG.emailTaken } });
    }
    throw err;
  }
  return findMedic(db, medic.ID);
}

/** 409 naming the field (email and/or document) another user already has; nothing when both are free. */
async function assertFreeAccount(db: Db, email: string, document: string): Promise<void> {
  const errors = await accountClashes(
    db,
    { document, email },
    { document: MSG.idTaken, email: MSG.emailTaken },
  );
  if (Object.keys(errors).length > 0) throw new AppError('conflict', MSG.userExists, errors);
}

/**
 * 'Medical record' (/home/doctor): a signed-in medic registers another medic of the clinic.
 * The account is approved at once (approval is a medic of the clinic vouching for
 * them, which this is), and the record's clinic section is saved to the clinic the medic joins —
 * all in one batch, so a failure writes nothing.
 */
export async function registerMedic(
  db: Db,
  pepper: string,
  input: MedicRegister,
): Promise<MedicRecordResult> {
  const { infoUser, infoMedic, infoClinic, ClinicID } = input;
  const clinic = await db
    .select({
      logo: clinics.logo,
      name: clinics.name,
      street: clinics.street,
      number: clinics.number,
      city: clinics.city,
      postalCode: clinics.postalCode,
      telephone: clinics.telephone,
      email: clinics.email,
      hours: clinics.hours,
    })
    .from(clinics)
    .where(eq(clinics.id, ClinicID))
    .get();
  if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
  // The clinic is written only when the medic changed its section; the prefilled section as it was
  // leaves the clinic (and its update date) alone.
  const clinicChange = infoClinic && !sameClinicSection(infoClinic, clinic) ? infoClinic : null;
  await assertFreeAccount(db, infoUser.email, infoUser.document);
  const { password, ...user } = infoUser;
  const passwordHash = await hashPassword(password, pepper);
  const now = new Date().toISOString();
  try {
    const [created] = await db.batch([
      db
        .insert(users)
        .values({
          ...user,
          passwordHash,
          userType: 'Medic',
          searchName: searchNameOf(user.name, user.lastName),
          approved: true,
        })
        .returning({ id: users.id }),
      db.insert(medics).values({
        userId: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${user.email})`,
        clinicId: ClinicID,
        doctorTitle: infoMedic.title,
        doctorSpecialization: infoMedic.specialization,
        doctorTuitionDate: infoMedic.tuition_date,
        doctorTuitionNumber: infoMedic.tuition_number,
      }),
      ...(clinicChange
        ? [
            db
              .update(clinics)
              .set({ ...clinicChange, updatedAt: now })
              .where(eq(clinics.id, ClinicID)),
          ]
        : []),
    ]);
    const userId = created[0]?.id;
    const medic = userId === undefined ? null : await selectMedics(db).where(eq(users.id, userId)).get();
    if (!medic) throw new AppError('not_found', MSG.notFound);
    return { ...asMedic(medic), clinicUpdated: clinicChange !== null };
  } catch (err) {
    if (isUniqueViolation(err)) {
      await assertFreeAccount(db, infoUser.email, infoUser.document);
      throw new AppError('conflict', MSG.userExists);
    }
    throw err;
  }
}

/** Medics who signed up and wait for approval, oldest first. */
export function pendingMedics(db: Db): Promise<PendingMedic[]> {
  return db
    .select({
      medicID: medics.id,
      ID: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      document: users.document,
      doctorTuitionNumber: medics.doctorTuitionNumber,
    })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(eq(users.approved, false))
    .orderBy(medics.id)
    .all();
}

/** Approves a waiting medic by medic ID; 404 when there is no such medic waiting. */
/** Whether medic `medicId` signed up and still waits for approval (what approving checks). */
export async function isPendingMedic(db: Db, medicId: number): Promise<boolean> {
  const row = await db
    .select({ id: users.id })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(and(eq(medics.id, medicId), eq(users.approved, false), eq(users.userType, 'Medic')))
    .get();
  return Boolean(row);
}

export async function approveMedic(db: Db, medicId: number): Promise<void> {
  const updated = await db
    .update(users)
    .set({ approved: true, updatedAt: sqlNow })
    .where(
      and(
        eq(users.approved, false),
        eq(users.userType, 'Medic'),
        eq(users.id, sql`(SELECT ${medics.userId} FROM ${medics} WHERE ${medics.id} = ${medicId})`),
      ),
    )
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('not_found', MSG.notFound);
}
