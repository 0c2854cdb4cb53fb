import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { PatientDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import {
  ageOn,
  type PatientCreate,
  type PatientListItem,
  type PatientProfile,
  type PatientUpdate,
  parsePatientSearch,
  prefixUpperBound,
} from '../../contract/patients';
import { foldText, searchNameOf } from '../../contract/person';
import type { Total } from '../../contract/validation';
import { type Db, patientsOfRows, plainReader, type Reader } from '../../db/client';
import { patientCount, patients, sqlNow, users } from '../../db/schema';
import {
  accountClashes,
  isUniqueViolation,
  patientContains,
  personColumns,
  trigramMatch,
} from '../../db/users.repo';
import { AppError } from '../../lib/errors';
import { boundedTotal, countCap } from '../../lib/total';

const listColumns = {
  ID: patients.id,
  name: users.name,
  lastName: users.lastName,
  document: users.document,
  email: users.email,
};

const isPatient = eq(users.userType, 'Patient');
/** The last name lower-cased and without accents (a generated column, migration 0032). */
const lowerLastName = sql`${users.searchLastName}`;

/**
 * Patient search, built so that its cost follows the page size, not the number of matches
 * (budgets it at 100,000 patients). Digits are a prefix of the document, answered in document
 * order. Letters, blind to case and accents, are a prefix of the folded "name lastname" or of the
 * folded last name: first the
 * patients whose full name starts with them, in name order, then those only whose last name does,
 * in last-name order. Each part is one index walk that stops at offset+limit rows
 * (users_patient_search_idx, users_patient_last_name_idx both start with user_type and carry the
 * sort key), and the page is cut from the two; one order over both would have to read and sort
 * every match. Ranges rather than LIKE, because SQLite only uses an index for LIKE under a NOCASE
 * collation. The count stops `COUNT_AHEAD` past the page (a lower bound, not exact, beyond it).
 */
export async function listPatients(
  db: Db,
  q: string | undefined,
  limit: number,
  offset: number,
  read: Reader = plainReader(db),
): Promise<{ rows: PatientListItem[] } & Total> {
  const search = parsePatientSearch(q ?? '');
  if (search.kind === 'invalid') throw new AppError('invalid', search.error, { q: { msg: search.error } });
  // The page with its columns; the access-log entry takes the page's patients from it (readBatch).
  const rowsFrom = db.select(listColumns).from(users).innerJoin(patients, eq(patients.userId, users.id));
  if (search.kind === 'empty') {
    const page = <T extends SQLiteSelect>(qb: T) =>
      qb.where(isPatient).orderBy(asc(users.searchName), asc(users.id)).limit(limit).offset(offset);
    const [rows, totals] = await read(
      [
        page(rowsFrom.$dynamic()),
        // Every patient counts: the kept count answers that (migration 0012).
        db.select({ n: patientCount.n }).from(patientCount),
      ],
      { patientsIn: patientsOfRows('ID') },
    );
    return { rows, total: totals[0]?.n ?? 0, exact: true };
  }
  const cap = countCap(offset, limit);
  const countOf = (where: SQL | undefined) =>
    sql<number>`(select count(*) from (select 1 from ${users} where ${where} limit ${cap}))`;
  const upper = prefixUpperBound(search.term);
  if (search.kind === 'document') {
    const inRange = and(isPatient, gte(users.document, search.term), lt(users.document, upper));
    const page = <T extends SQLiteSelect>(qb: T) =>
      qb.where(inRange).orderBy(asc(users.document)).limit(limit).offset(offset);
    const [rows, totals] = await read(
      [page(rowsFrom.$dynamic()), db.select({ n: countOf(inRange) }).from(sql`(select 1)`)],
      { patientsIn: patientsOfRows('ID') },
    );
    return { rows, ...boundedTotal(totals[0]?.n ?? 0, cap) };
  }
  const nameRange = sql`${users.searchName} >= ${search.term} and ${users.searchName} < ${upper}`;
  const byName = and(isPatient, nameRange);
  const byLastNameOnly = and(
    isPatient,
    sql`${lowerLastName} >= ${search.term}`,
    sql`${lowerLastName} < ${upper}`,
    sql`not (${nameRange})`,
  );
  const firstIds = (where: SQL | undefined, order: SQL[]) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order, asc(users.id))
      .limit(offset + limit);
  const byNameFirst = sql`case when ${nameRange} then 0 else 1 end`;
  const page = <T extends SQLiteSelect>(qb: T) =>
    qb
      .where(
        inArray(
          users.id,
          sql`(select id from (${firstIds(byName, [asc(users.searchName)])}) union all select id from (${firstIds(byLastNameOnly, [asc(lowerLastName), asc(users.searchName)])}))`,
        ),
      )
      .orderBy(
        byNameFirst,
        sql`case when ${nameRange} then ${users.searchName} else ${lowerLastName} end`,
        asc(users.searchName),
        asc(users.id),
      )
      .limit(limit)
      .offset(offset);
  const [rows, totals] = await read(
    [
      page(rowsFrom.$dynamic()),
      db.select({ byName: countOf(byName), byLastName: countOf(byLastNameOnly) }).from(sql`(select 1)`),
    ],
    { patientsIn: patientsOfRows('ID') },
  );
  const counted = totals[0] ?? { byName: 0, byLastName: 0 };
  return {
    rows,
    total: counted.byName + counted.byLastName,
    exact: counted.byName < cap && counted.byLastName < cap,
  };
}

/**
 * The calendar's patient search: a substring, blind to case and accents, of the name, last name, document
 * or email; the first `limit` matching patients, shown in name order. Its cost follows `limit`,
 * not the number of matches ('mar' is in 9,350 of the bench's 100,000 patients): three characters
 * or more walk the trigram index in its own order (the order patients were registered) and stop
 * at `limit` patients; a shorter term walks the patients in name order and stops there too. It
 * counts nothing: the picker shows the names it gets and the medic types more to narrow them.
 */
export async function findPatientsContaining(
  db: Db,
  term: string,
  limit: number,
  read: Reader = plainReader(db),
): Promise<PatientListItem[]> {
  const columns = ['search_name', 'document', 'email'] as const;
  const folded = foldText(term);
  const query = trigramMatch([...columns], folded);
  const found = <T extends SQLiteSelect>(qb: T) => qb.limit(limit);
  const byTrigram =
    query === null ? null : sql`users_search match ${query} and +${users.userType} = 'Patient'`;
  const [rows] =
    byTrigram === null
      ? await read(
          [
            found(
              db
                .select(listColumns)
                .from(users)
                .innerJoin(patients, eq(patients.userId, users.id))
                .where(patientContains([...columns], folded))
                .orderBy(asc(users.searchName), asc(users.id))
                .$dynamic(),
            ),
          ],
          { patientsIn: patientsOfRows('ID') },
        )
      : await read(
          [
            found(
              db
                .select(listColumns)
                .from(sql`users_search`)
                .innerJoin(users, sql`${users.id} = users_search.rowid`)
                .innerJoin(patients, eq(patients.userId, users.id))
                .where(byTrigram)
                .orderBy(sql`users_search.rowid`)
                .$dynamic(),
            ),
          ],
          { patientsIn: patientsOfRows('ID') },
        );
  const key = (p: PatientListItem) => searchNameOf(p.name, p.lastName);
  return rows.sort((a, b) => key(a).localeCompare(key(b)) || a.ID - b.ID);
}

const detailColumns = {
  ID: patients.id,
  // Named apart from patients.id: a batch maps its rows by column name.
  userID: sql<number>`${users.id}`.as('user_id'),
  ...personColumns,
  medicalService: patients.medicalService,
  obraSocial: patients.obraSocial,
  showClinicalHistory: patients.showClinicalHistory,
  tutor: patients.tutor,
  documentType: users.documentType,
  /** The guardian's patient record, from the guardian's user. */
  guardianID: sql<number | null>`(select g.id from patients g where g.user_id = ${users.guardianUserId})`.as(
    'guardian_id',
  ),
};

type DetailRow = Omit<PatientDetails, 'userType' | 'fullName' | 'age' | 'missing'>;

/** What the desk left empty; a dependant's email is not missing (their mail goes to the guardian). */
export function missingOf(
  row: Pick<DetailRow, 'telephone' | 'cellphone' | 'email' | 'medicalService' | 'guardianID'>,
) {
  const missing: PatientDetails['missing'] = [];
  if (row.telephone === '') missing.push('telephone');
  if (row.cellphone === '') missing.push('cellphone');
  if (row.email === '' && row.guardianID === null) missing.push('email');
  if (row.medicalService === '') missing.push('medicalService');
  return missing;
}

function details(row: DetailRow, today: string): PatientDetails {
  return {
    ...row,
    userType: 'Patient',
    fullName: `${row.name} ${row.lastName}`,
    age: ageOn(row.birth, today),
    missing: missingOf(row),
  };
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** The select of one patient by ID (`getPatientIn` reads its row). */
export const patientById = (db: Db, id: number) =>
  db
    .select(detailColumns)
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .where(eq(patients.id, id));

/** The patient `patientById` selected, or 404 'Patient Not Found'. */
export function patientFrom(rows: DetailRow[]): PatientDetails {
  const row = rows[0];
  if (!row) throw new AppError('not_found', MSG.patientNotFoundApi);
  return details(row, today());
}

/** One patient found by ID, document or email; null when there is none. */
export async function findPatient(
  db: Db,
  by: { id: number } | { document: string } | { email: string },
): Promise<PatientDetails | null> {
  const where =
    'id' in by
      ? eq(patients.id, by.id)
      : 'document' in by
        ? eq(users.document, by.document)
        : eq(users.email, by.email.toLowerCase());
  const row = await db
    .select(detailColumns)
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .where(where)
    .get();
  return row ? details(row, today()) : null;
}

export async function getPatient(db: Db, id: number): Promise<PatientDetails> {
  const patient = await findPatient(db, { id });
  if (!patient) throw new AppError('not_found', MSG.patientNotFoundApi);
  return patient;
}

/** Both unique keys at once, so the medic sees every clash under its field. */
async function assertUnique(
  db: Db,
  document: string,
  email: string,
  msgs: { document: string; email: string } = { document: MSG.documentTaken, email: MSG.emailTaken },
  exceptUserId?: number,
): Promise<void> {
  const errors = await accountClashes(db, { document, email }, msgs, exceptUserId);
  const first = Object.values(errors)[0];
  if (first) throw new AppError('conflict', first.msg, errors);
}

/**
 * The guardian a dependant names: a patient who is not a dependant themselves. 422 under
 * `infoPatient.guardianID` otherwise.
 */
export async function guardianFor(db: Db, guardianID: number): Promise<PatientDetails & { userID: number }> {
  const guardian = await findPatient(db, { id: guardianID });
  if (!guardian) {
    throw new AppError('invalid', MSG.guardianNotFound, {
      'infoPatient.guardianID': { msg: MSG.guardianNotFound },
    });
  }
  if (guardian.guardianID !== null) {
    throw new AppError('invalid', MSG.guardianIsDependant, {
      'infoPatient.guardianID': { msg: MSG.guardianIsDependant },
    });
  }
  return guardian;
}

/**
 * What registering a patient checks before writing (a dry run stops here): the guardian a dependant
 * names (422), and that the document and email are nobody else's (409 under each field).
 */
export async function checkNewPatient(
  db: Db,
  { infoUser, infoPatient }: PatientCreate,
): Promise<{
  guardian: Awaited<ReturnType<typeof guardianFor>> | null;
  keys: { document: string; email: string };
}> {
  const guardianID = infoPatient.guardianID ?? null;
  const guardian = guardianID === null ? null : await guardianFor(db, guardianID);
  if (guardian && infoUser.email !== '' && infoUser.email !== guardian.email) {
    throw new AppError('invalid', MSG.emailNotGuardians, {
      'infoUser.email': { msg: MSG.emailNotGuardians },
    });
  }
  // A dependant's email (the guardian's, or none) clashes with nobody; the document always may.
  const keys = { document: infoUser.document, email: guardian ? '' : infoUser.email };
  await assertUnique(db, keys.document, keys.email);
  return { guardian, keys };
}

/**
 * A medic registers a patient: no password; the patient claims the account through password reset.
 * A dependant names a guardian and shares the guardian's email or has none; their mail goes to the
 * guardian and they never sign in.
 */
export async function createPatient(db: Db, input: PatientCreate): Promise<PatientDetails> {
  const { infoUser, infoPatient } = input;
  const { guardian, keys } = await checkNewPatient(db, input);
  try {
    // One batch, so a failure leaves neither the user nor the patient record behind.
    await db.batch([
      db.insert(users).values({
        ...infoUser,
        userType: 'Patient',
        passwordHash: null,
        guardianUserId: guardian?.userID ?? null,
        searchName: searchNameOf(infoUser.name, infoUser.lastName),
      }),
      db.insert(patients).values({
        userId: sql`(select id from users where document = ${infoUser.document})`,
        medicalService: infoPatient.medicalService,
        tutor: guardian ? guardian.fullName : null,
      }),
    ]);
    const created = await findPatient(db, { document: infoUser.document });
    if (!created) throw new Error('the new patient was not stored');
    return created;
  } catch (err) {
    // Two medics registering the same person at the same moment: the unique index decides.
    if (isUniqueViolation(err)) await assertUnique(db, keys.document, keys.email);
    throw err;
  }
}

/**
 * The desk corrects a patient's document (and its type) and email. A dependant's email stays the
 * guardian's or none. Answers the patient before and after.
 */
export async function correctIdentity(
  db: Db,
  id: number,
  input: { documentType: PatientDetails['documentType']; document: string; email: string },
): Promise<{ before: PatientDetails; after: PatientDetails }> {
  const before = await getPatient(db, id);
  if (before.guardianID !== null) {
    const guardian = await getPatient(db, before.guardianID);
    if (input.email !== '' && input.email !== guardian.email) {
      throw new AppError('invalid', MSG.emailNotGuardians, { email: { msg: MSG.emailNotGuardians } });
    }
  }
  const email = before.guardianID !== null ? '' : input.email;
  const clash = async () => {
    const errors = await accountClashes(
      db,
      { document: input.document, email },
      { document: MSG.documentTaken, email: MSG.emailTaken },
      before.userID,
    );
    // This route's fields are flat: `document`, `email`.
    const flat = Object.fromEntries(Object.entries(errors).map(([k, e]) => [k.replace('infoUser.', ''), e]));
    const first = Object.values(flat)[0];
    if (first) throw new AppError('conflict', first.msg, flat);
  };
  await clash();
  try {
    await db
      .update(users)
      .set({
        documentType: input.documentType,
        document: input.document,
        email: input.email,
        updatedAt: sqlNow,
      })
      .where(eq(users.id, before.userID));
  } catch (err) {
    if (isUniqueViolation(err)) await clash();
    throw err;
  }
  return { before, after: await getPatient(db, id) };
}

/** The dependants whose guardian is patient `guardianID`, in name order. */
export async function dependantsOf(db: Db, guardianUserId: number): Promise<PatientDetails[]> {
  const rows = await db
    .select(detailColumns)
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .where(eq(users.guardianUserId, guardianUserId))
    .orderBy(asc(users.searchName), asc(users.id))
    .all();
  return rows.map((row) => details(row, today()));
}

/** Whether patient `dependantID` is a dependant of the patient whose user is `guardianUserId`. */
export async function isDependantOf(db: Db, dependantID: number, guardianUserId: number): Promise<boolean> {
  const row = await db
    .select({ id: patients.id })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.id, dependantID), eq(users.guardianUserId, guardianUserId)))
    .get();
  return row !== undefined;
}

/**
 * Where a patient's mail goes: their own address, or their guardian's for a dependant (who may
 * share it or have none). Empty when there is nowhere to send it.
 */
export async function mailAddressOfUser(db: Db, userId: number): Promise<string> {
  const row = await db
    .select({
      email: users.email,
      guardianEmail: sql<string | null>`(select g.email from users g where g.id = ${users.guardianUserId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row?.guardianEmail ?? row?.email ?? '';
}

export async function updatePatient(db: Db, id: number, input: PatientUpdate): Promise<PatientDetails> {
  const current = await getPatient(db, id);
  const { infoUser, infoPatient } = input;
  await db.batch([
    db
      .update(users)
      .set({ ...infoUser, searchName: searchNameOf(infoUser.name, infoUser.lastName), updatedAt: sqlNow })
      .where(eq(users.id, current.userID)),
    db
      .update(patients)
      .set({ medicalService: infoPatient.medicalService, updatedAt: sqlNow })
      .where(eq(patients.id, id)),
  ]);
  return getPatient(db, id);
}

const PROFILE_CLASH_MSGS = { document: MSG.esDniTaken, email: MSG.esEmailTaken };

/**
 * A patient updates their own data (/home/dataUpdate): document and email included, checked against
 * every other account. Saving it completes a social sign-in account. With `keepEmail`, a new email
 * is checked but not written (it waits for its confirmation link) and the account keeps this one.
 */
export async function updateOwnProfile(
  db: Db,
  id: number,
  input: PatientProfile,
  keepEmail?: string,
): Promise<PatientDetails> {
  const current = await getPatient(db, id);
  const { infoUser, infoPatient } = input;
  await assertUnique(db, infoUser.document, infoUser.email, PROFILE_CLASH_MSGS, current.userID);
  try {
    await db.batch([
      db
        .update(users)
        .set({
          ...infoUser,
          ...(keepEmail === undefined ? {} : { email: keepEmail }),
          searchName: searchNameOf(infoUser.name, infoUser.lastName),
          incomplete: false,
          updatedAt: sqlNow,
        })
        .where(eq(users.id, current.userID)),
      db
        .update(patients)
        .set({ medicalService: infoPatient.medicalService, updatedAt: sqlNow })
        .where(eq(patients.id, id)),
    ]);
  } catch (err) {
    // Someone took the document or email between the check and the write: the unique index decides.
    if (isUniqueViolation(err)) {
      await assertUnique(db, infoUser.document, infoUser.email, PROFILE_CLASH_MSGS, current.userID);
    }
    throw err;
  }
  return getPatient(db, id);
}

/** Whether patient `id` exists. */
export async function patientExists(db: Db, id: number): Promise<boolean> {
  const row = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id)).get();
  return row !== undefined;
}

/** The records of a patient (histories, studies, evolutions) need the patient: 404 'Patient Not Found'. */
export async function assertPatientExists(db: Db, id: number): Promise<void> {
  if (!(await patientExists(db, id))) throw new AppError('not_found', MSG.patientNotFoundApi);
}
