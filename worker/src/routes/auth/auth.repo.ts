import { eq } from 'drizzle-orm';
import type { Me } from '../../contract/login';
import type { Db } from '../../db/client';
import { medics, patients, users } from '../../db/schema';
import { signsInWith } from '../../db/users.repo';

/** The account signing in with this email, if any. */
export function userByEmail(db: Db, email: string) {
  return db.select().from(users).where(signsInWith(email)).get();
}

/** Who the signed-in user is, with their patient or medic record's ID; undefined when the user is gone. */
export function meOf(db: Db, userId: number): Promise<Omit<Me, 'pending'> | undefined> {
  return db
    .select({
      ID: users.id,
      email: users.email,
      name: users.name,
      lastName: users.lastName,
      document: users.document,
      userType: users.userType,
      approved: users.approved,
      incomplete: users.incomplete,
      doctorTitle: medics.doctorTitle,
      patientID: patients.id,
      medicID: medics.id,
    })
    .from(users)
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(medics, eq(medics.userId, users.id))
    .where(eq(users.id, userId))
    .get();
}

/** Whether an account with this email exists (POST /login/oneUser). */
export async function userExists(db: Db, email: string): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(signsInWith(email)).get();
  return Boolean(row);
}
