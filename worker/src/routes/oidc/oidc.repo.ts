import { eq, lt, sql } from 'drizzle-orm';
import { searchNameOf } from '../../contract/person';
import type { Db } from '../../db/client';
import { oidcStates, patients, users } from '../../db/schema';
import { signsInWith } from '../../db/users.repo';

/** A social sign-in must come back within 10 minutes. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;
/** A social sign-in account's default birth date until the patient completes it. */
export const SOCIAL_DEFAULT_BIRTH = '1997-02-15';

export async function saveState(
  db: Db,
  state: { state: string; codeVerifier: string; nonce: string },
  at = Date.now(),
): Promise<void> {
  await db.batch([
    db.delete(oidcStates).where(lt(oidcStates.createdAt, at - OIDC_STATE_TTL_MS)),
    db.insert(oidcStates).values({ ...state, createdAt: at }),
  ]);
}

/** Takes a state out of storage (single use); null when unknown or expired. */
export async function takeState(
  db: Db,
  state: string,
  at = Date.now(),
): Promise<{ codeVerifier: string; nonce: string } | null> {
  const [row] = await db.delete(oidcStates).where(eq(oidcStates.state, state)).returning({
    codeVerifier: oidcStates.codeVerifier,
    nonce: oidcStates.nonce,
    createdAt: oidcStates.createdAt,
  });
  if (!row || row.createdAt < at - OIDC_STATE_TTL_MS) return null;
  return { codeVerifier: row.codeVerifier, nonce: row.nonce };
}

export interface SocialIdentity {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

export type SocialOutcome =
  | { kind: 'signed-in'; userId: number; incomplete: boolean }
  | { kind: 'created'; userId: number }
  | { kind: 'password-account' };

/**
 * Finds or creates the account of a social sign-in. A known subject signs in; an
 * email that already has an account is never linked automatically; anything else becomes a new
 * patient with no password, marked incomplete.
 */
export async function socialAccount(db: Db, who: SocialIdentity): Promise<SocialOutcome> {
  const bySubject = await db
    .select({ id: users.id, incomplete: users.incomplete })
    .from(users)
    .where(eq(users.oidcSubject, who.subject))
    .get();
  if (bySubject) return { kind: 'signed-in', userId: bySubject.id, incomplete: bySubject.incomplete };
  const byEmail = await db.select({ id: users.id }).from(users).where(signsInWith(who.email)).get();
  if (byEmail) return { kind: 'password-account' };
  // The document starts as the first 7 characters of the provider's id; documents are
  // unique, so a clash falls back to the whole id until the patient enters their real one.
  const short = who.subject.slice(0, 7);
  const clash = await db.select({ id: users.id }).from(users).where(eq(users.document, short)).get();
  const name = who.givenName || who.email.split('@')[0] || 'Patient';
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({
        email: who.email,
        passwordHash: null,
        userType: 'Patient',
        name,
        lastName: who.familyName,
        searchName: searchNameOf(name, who.familyName),
        document: clash ? `oidc:${who.subject}` : short,
        birth: SOCIAL_DEFAULT_BIRTH,
        incomplete: true,
        oidcSubject: who.subject,
      })
      .returning({ id: users.id }),
    db.insert(patients).values({
      userId: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.oidcSubject} = ${who.subject})`,
    }),
  ]);
  const created = inserted[0];
  if (!created) throw new Error('social sign-in: user not created');
  return { kind: 'created', userId: created.id };
}
