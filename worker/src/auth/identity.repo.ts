import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** A user's sign-in email, document and password hash. */
export async function accountOf(
  db: Db,
  userId: number,
): Promise<{ email: string; document: string; passwordHash: string | null } | undefined> {
  return db
    .select({ email: users.email, document: users.document, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/** The sign-in emails of every approved medic, but the accounts named in `except`. */
export async function approvedMedicEmails(db: Db, except: readonly number[] = []): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.userType, 'Medic'),
        eq(users.approved, true),
        except.length ? notInArray(users.id, [...except]) : undefined,
      ),
    )
    .all();
  return rows.map((r) => r.email);
}
