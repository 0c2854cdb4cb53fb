import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { medics, patients, sessions, users } from '../db/schema';

type NewSession = typeof sessions.$inferInsert & { createdAt: number };

/**
 * Stores a new session, sweeping the user's sessions idle or older than those limits; answers the
 * session as `findSession` reads it, from the same batch.
 */
export async function insertSession(
  db: Db,
  session: NewSession,
  dead: { idleBefore: number; createdBefore: number },
): Promise<SessionRow | undefined> {
  const [, , stored] = await db.batch([
    // Sign-in is a good moment to sweep this user's dead sessions (by the user index, not a table scan).
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, session.userId),
          or(lt(sessions.lastSeenAt, dead.idleBefore), lt(sessions.createdAt, dead.createdBefore)),
        ),
      ),
    db.insert(sessions).values(session),
    sessionQuery(db, session.id),
  ]);
  return stored[0];
}

/** A session (by its token's hash) with its user's type, approval and patient or medic record. */
export async function findSession(db: Db, id: string) {
  return sessionQuery(db, id).get();
}

/** `findSession`'s statement, not run: to send in a read's batch (auth/access readBatch). */
export function sessionQuery(db: Db, id: string) {
  return (
    db
      // The four ids named apart: a batch maps its rows by column name.
      .select({
        sessionId: sql<string>`${sessions.id}`.as('session_id'),
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        pending: sessions.pending,
        id: sql<number>`${users.id}`.as('session_user_id'),
        email: users.email,
        userType: users.userType,
        approved: users.approved,
        patientId: sql<number | null>`${patients.id}`.as('session_patient_id'),
        medicId: sql<number | null>`${medics.id}`.as('session_medic_id'),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(patients, eq(patients.userId, users.id))
      .leftJoin(medics, eq(medics.userId, users.id))
      .where(eq(sessions.id, id))
      .limit(1)
  );
}

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** The statement that marks a session seen at `at`, to send in a batch (not run here). */
export function touchSession(db: Db, id: string, at: number) {
  return db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

/** Ends every session of a user (their factor was reset). */
export async function endSessionsOf(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The sign-in step a session owed is done: it reaches every route its user may. */
export async function completeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ pending: null }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but `keep` (this one, after its own email changed). */
export async function endOtherSessions(db: Db, userId: number, keep: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}

/**
 * The clinic now requires medics' second factor: every open session of a medic without one owes its
 * enrolment from its next request, as a new sign-in would (a session opened before the policy keeps
 * no full access).
 */
export async function requireEnrolmentOfMedicSessions(db: Db): Promise<void> {
  await db
    .update(sessions)
    .set({ pending: 'enrol' })
    .where(
      and(
        isNull(sessions.pending),
        inArray(
          sessions.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.userType, 'Medic'), isNull(users.totpSecret))),
        ),
      ),
    );
}
