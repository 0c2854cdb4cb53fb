import { and, eq, or, sql } from 'drizzle-orm';
import type { SignUpResult } from '../../contract/accounts';
import { MSG } from '../../contract/messages';
import { searchNameOf } from '../../contract/person';
import type { Db } from '../../db/client';
import { medics, patients, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/users.repo';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';

export interface NewUser {
  email: string;
  password: string;
  name: string;
  lastName: string;
  document: string;
  birth: string;
}

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
          // Sign-up asks for the insurance as written on the card ("OSDE 310"), not the medical
          // service: the profile starts with it there, so the patient's first save of their data
          // does not stop at an empty required field they were never asked for.
          medicalService: patient.medicalService || (patient.obraSocial === 'none' ? '' : patient.obraSocial),
        })
        .returning({ userId: patients.userId }),
    ]);
    return { ID: inserted[0]?.userId ?? 0, userType: 'Patient', email: user.email, approved: true };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', MSG.userExists);
    throw err;
  }
}

/** Whether the deployment has a medic who may approve others. */
export async function hasApprovedMedic(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'Medic'), eq(users.approved, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A medic signs up. The account waits for approval by a medic of the clinic, except the first
 * medic of an empty deployment who signed up with the setup token (`mayBeFirst`): that is decided
 * inside the INSERT, so two racing first sign-ups cannot both be approved by reading "no medic
 * yet" at the same time.
 */
export async function signUpMedic(
  db: Db,
  pepper: string,
  user: NewUser,
  medic: { tuitionNumber: number; clinicId: number; mayBeFirst: boolean },
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
          approved: medic.mayBeFirst
            ? sql`(NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.userType} = 'Medic' AND ${users.approved} = 1))`
            : false,
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
