import { and, asc, eq, ne } from 'drizzle-orm';
import type { Medic, MedicUpdate } from '../../contract/medics';
import type { Db } from '../../db/client';
import { medics, users } from '../../db/schema';

const medicColumns = {
  ID: medics.id,
  UserID: users.id,
  ClinicID: medics.clinicId,
  name: users.name,
  lastName: users.lastName,
  document: users.document,
  email: users.email,
  street: users.street,
  number: users.number,
  city: users.city,
  postalCode: users.postalCode,
  birth: users.birth,
  cellphone: users.cellphone,
  telephone: users.telephone,
  imageProfile: users.imageProfile,
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
  // The unique email index settles a race the check before it lost: the caller answers 409.
  await db.batch([
    db
      .update(users)
      .set({
        ...infoUser,
        searchName: `${infoUser.name} ${infoUser.lastName}`.trim().replace(/\s+/g, ' ').toLowerCase(),
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
  return findMedic(db, medic.ID);
}
