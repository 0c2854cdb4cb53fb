import { eq } from 'drizzle-orm';
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
