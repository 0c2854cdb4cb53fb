import { and, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FieldErrors } from '../contract/errors';
import type { Db } from './client';
import { likeContains } from './like';
import { users } from './schema';

/** The person's columns every account read (medic, patient) answers, under the API's names. */
export const personColumns = {
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
};

const SEARCHED = { search_name: users.searchName, document: users.document, email: users.email };
type Searched = keyof typeof SEARCHED;

/**
 * The FTS5 query of the trigram index users_search (migration 0005) for a substring of
 * `columns`: a phrase limited to those columns, inside whose quotes every character is literal.
 * Null for a term under three characters, which no trigram covers.
 */
export function trigramMatch(columns: readonly string[], raw: string): string | null {
  // Control characters (a NUL above all) break an FTS5 query and are in no name, document or email.
  const term = stripControls(raw);
  if ([...term].length < 3) return null;
  return `{${columns.join(' ')}} : "${term.replaceAll('"', '""')}"`;
}

/**
 * Patients (by their users row) one of whose `columns` contains `term`: a substring, any case.
 * Three characters or more are looked up in the trigram index, so a common fragment reads only
 * the users that hold it; there the type test is written `+user_type`, which no index serves, so
 * that SQLite starts from those users instead of walking every patient. A shorter term, which no
 * trigram covers, scans the columns of the patients' covering indexes.
 */
export function patientContains(columns: Searched[], raw: string): SQL {
  const query = trigramMatch(columns, raw);
  if (query === null) {
    const term = stripControls(raw);
    return and(
      eq(users.userType, 'Patient'),
      or(...columns.map((c) => likeContains(SEARCHED[c], term))),
    ) as SQL;
  }
  return sql`+${users.userType} = 'Patient' and ${users.id} in (select rowid from users_search where users_search match ${query})`;
}

/** The term without control characters (U+0000–U+001F, U+007F–U+009F). */
export function stripControls(term: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return term.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/**
 * The account that signs in with `email`: never a dependant, who may share their guardian's email
 * (or have none) and whose mail goes to the guardian.
 */
export const signsInWith = (email: string): SQL =>
  and(eq(users.email, email), isNull(users.guardianUserId), ne(users.email, '')) as SQL;

/**
 * Where a patient's mail goes: their own address, or for a dependant their guardian's (a dependant
 * may share it or have none). For a select that reads `users` as the patient's user.
 */
export const mailAddress = sql<string>`coalesce((select g.email from users g where g.id = ${users.guardianUserId}), ${users.email})`;

/** A UNIQUE violation means another request took the email or document first. */
export { isUniqueViolation } from '../lib/errors';

/**
 * Both unique keys of an account at once, so every clash shows under its field: the field errors
 * ('infoUser.document' first, then 'infoUser.email') with the caller's messages; empty when both are free.
 */
export async function accountClashes(
  db: Db,
  account: { document: string; email: string },
  msgs: { document: string; email: string },
  /** An existing account changing its own keys: its current ones are no clash. */
  exceptUserId?: number,
): Promise<FieldErrors> {
  const { document, email } = account;
  // An empty email (none given at the desk) clashes with nobody; a dependant's shared one with nobody either.
  const sameKeys =
    email === '' ? eq(users.document, document) : or(eq(users.document, document), signsInWith(email));
  const taken = await db
    .select({ document: users.document, email: users.email })
    .from(users)
    .where(exceptUserId === undefined ? sameKeys : and(sameKeys, ne(users.id, exceptUserId)))
    .all();
  const errors: FieldErrors = {};
  if (taken.some((u) => u.document === document)) errors['infoUser.document'] = { msg: msgs.document };
  if (taken.some((u) => u.email === email)) errors['infoUser.email'] = { msg: msgs.email };
  return errors;
}
