import { and, eq, or, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { PendingMedic, SignUpResult } from '../../contract/accounts';
import { MSG } from '../../contract/messages';
import type { Db } from '../../db/client';
import { medics, patients, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/users';
import { AppError } from '../../lib/errors';

export interface NewUser {
  email: string;
  password: string;
  name: string;
  lastName: string;
  document: string;
  birth: string;
}

const searchNameOf = (name: string, lastName: string): string => `${name} ${lastName}`.toLowerCase();

async function assertNewUser(db: Db, email: string, document: string): Promise<void> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, email), eq(users.document, document)))
    .get();
  if (taken) throw new AppError('conflict', MSG.userExists);
}

const userIdOf = (email: string) => sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${email})`;

/** A patient signs up with a password (Sign-up). */
export async function signUpPatient(
  db: Db,
  pepper: string,
  user: NewUser,
  patient: { obraSocial: string; medicalService: string },
): Promise<SignUpResult> {
  await assertNewUser(db, user.email, user.document);
  const passwordHash = await hashPassword(user.password, pepper);
  try {
    const [, inserted] = await db.batch([
      db.insert(users).values({
        email: user.email,
        passwordHash,
        userType: 'Patient',
        name: user.name,
        lastName: user.lastName,
        searchName: searchNameOf(user.name, user.lastName),
        document: user.document,
        birth: user.birth,
      }),
      db
        .insert(patients)
        .values({
          userId: userIdOf(user.email),
          obraSocial: patient.obraSocial,
          medicalService: patient.medicalService,
        })
        .returning({ userId: patients.userId }),
    ]);
    return { ID: inserted[0]?.userId ?? 0, userType: 'Patient', email: user.email, approved: true };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', MSG.userExists);
    throw err;
  }
}

/**
 * A medic signs up. The account waits for approval by a medic of the clinic, except
 * the first medic of an empty deployment: that is decided inside the INSERT, so two racing first
 * sign-ups cannot both be approved by reading "no medic yet" at the same time.
 */
export async function signUpMedic(
  db: Db,
  pepper: string,
  user: NewUser,
  medic: { tuitionNumber: number; clinicId: number },
): Promise<SignUpResult> {
  await assertNewUser(db, user.email, user.document);
  const passwordHash = await hashPassword(user.password, pepper);
  try {
    const [created] = await db.batch([
      db
        .insert(users)
        .values({
          email: user.email,
          passwordHash,
          userType: 'Medic',
          name: user.name,
          lastName: user.lastName,
          searchName: searchNameOf(user.name, user.lastName),
          document: user.document,
          birth: user.birth,
          approved: sql`(NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.userType} = 'Medic' AND ${users.approved} = 1))`,
        })
        .returning({ id: users.id, approved: users.approved }),
      db.insert(medics).values({
        userId: userIdOf(user.email),
        clinicId: medic.clinicId,
        doctorTuitionNumber: medic.tuitionNumber,
      }),
    ]);
    const row = created[0];
    return { ID: row?.id ?? 0, userType: 'Medic', email: user.email, approved: row?.approved ?? false };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', MSG.userExists);
    throw err;
  }
}

/** Whether an account with this email exists (POST /login/oneUser). */
export async function userExists(db: Db, email: string): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return Boolean(row);
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
export async function approveMedic(db: Db, medicId: number): Promise<void> {
  const updated = await db
    .update(users)
    .set({ approved: true, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
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
