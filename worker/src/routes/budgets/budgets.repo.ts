import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import {
  type Budget,
  type BudgetCreate,
  type BudgetDetails,
  type BudgetLine,
  type BudgetSort,
  type BudgetsQuery,
  budgetTotal,
  parseBudgetSearch,
  toCents,
} from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { ageOn } from '../../contract/patients';
import type { Total } from '../../contract/validation';
import { type Db, plainReader, type Reader } from '../../db/client';
import {
  budgetCounts,
  budgetLines,
  budgets,
  patients,
  paymentEvents,
  sqlNow,
  treatments,
  turns,
  users,
} from '../../db/schema';
import { isUniqueViolation, patientContains, trigramMatch } from '../../db/users';
import { AppError, invalid } from '../../lib/errors';
import { boundedTotal, countCap } from '../../lib/total';

/** The lines of the outer query's budget as one JSON array, in the order they were added. */
const linesJson = sql<string>`(
  select json_group_array(json_object(
    'ID', l.treatment_id, 'treatmentType', l.treatment_type, 'description', l.description,
    'priceCents', l.price_cents, 'quantity', l.quantity, 'subTotalCents', l.sub_total_cents))
  from (select * from ${budgetLines} l where l.budget_id = ${budgets.id} order by l.id) l
)`;

const budgetColumns = {
  id: budgets.id,
  patientId: budgets.patientId,
  name: users.name,
  lastName: users.lastName,
  document: users.document,
  lines: linesJson,
  discountCents: budgets.discountCents,
  totalCents: budgets.totalCents,
  paid: budgets.paid,
  linkPayment: budgets.linkPayment,
  idPayment: budgets.idPayment,
  createdAt: budgets.createdAt,
  updatedAt: budgets.updatedAt,
};

interface BudgetRow {
  id: number;
  patientId: number;
  name: string;
  lastName: string;
  document: string;
  lines: string;
  discountCents: number | null;
  totalCents: number;
  paid: boolean;
  linkPayment: string | null;
  idPayment: string | null;
  createdAt: string;
  updatedAt: string;
}

interface StoredLine {
  ID: string;
  treatmentType: string;
  description: string;
  priceCents: number;
  quantity: number;
  subTotalCents: number;
}

function toBudget(row: BudgetRow): Budget {
  const lines = JSON.parse(row.lines) as StoredLine[];
  return {
    ID: row.id,
    PatientID: row.patientId,
    patientFullName: `${row.name} ${row.lastName}`,
    patientDocument: row.document,
    treatments: lines.map(
      (l): BudgetLine => ({
        ID: l.ID,
        treatmentType: l.treatmentType,
        description: l.description,
        price: l.priceCents / 100,
        quantity: l.quantity,
        subTotalPrice: l.subTotalCents / 100,
      }),
    ),
    discount: row.discountCents === null ? null : row.discountCents / 100,
    totalPrice: row.totalCents / 100,
    paid: row.paid,
    linkPayment: row.linkPayment,
    idPayment: row.idPayment,
    creationDate: row.createdAt,
    updateDate: row.updatedAt,
  };
}

/**
 * Every budget, or the unpaid or paid ones: the full count without a search, read from the
 * counts the triggers keep (migration 0010) instead of counting the budgets themselves.
 */
function countAll(db: Db, paid: BudgetsQuery['paid']) {
  return db
    .select({ n: sql<number>`coalesce(sum(${budgetCounts.n}), 0)` })
    .from(budgetCounts)
    .where(paid === undefined ? undefined : eq(budgetCounts.paid, paid === 'true' ? 1 : 0));
}

type BudgetSearch = Exclude<ReturnType<typeof parseBudgetSearch>, { kind: 'none' }>;

/** The budgets' patients that `search` finds: users.search_name is the lower-cased "name lastname". */
function patientsFound(search: BudgetSearch): SQL {
  return patientContains([search.kind === 'document' ? 'document' : 'search_name'], search.term);
}

/**
 * The query of the budgets' own trigram index (migration 0014) for `search` with the paid filter;
 * null for a term under three characters, which no trigram covers.
 */
function searchIndexMatch(search: BudgetSearch, paid: BudgetsQuery['paid']): string | null {
  const match = trigramMatch([search.kind === 'document' ? 'document' : 'patient_name'], search.term);
  if (match === null || paid === undefined) return match;
  return `${match} AND {status} : "${paid === 'true' ? 'settled' : 'pending'}"`;
}

/**
 * Each sort breaks its ties by age in its own direction (ascending: oldest first), so every order
 * is a walk of one index, forwards or backwards, that stops at the page: ties broken the other
 * way make SQLite sort each group of them, reading the page's rows once more.
 */
const ORDER: Record<BudgetSort, SQL[]> = {
  date_desc: [desc(budgets.createdAt), desc(budgets.id)],
  date_asc: [asc(budgets.createdAt), asc(budgets.id)],
  name_asc: [asc(budgets.patientName), asc(budgets.id)],
  name_desc: [desc(budgets.patientName), desc(budgets.id)],
  amount_asc: [asc(budgets.totalCents), asc(budgets.id)],
  amount_desc: [desc(budgets.totalCents), desc(budgets.id)],
};

/**
 * A page of budgets, sorted, filtered and searched in SQL, with the full count for
 * X-Total-Count. `patientId` limits the list to one patient's budgets (a patient's own).
 */
export async function listBudgets(
  db: Db,
  query: BudgetsQuery,
  patientId: number | null,
  read: Reader = plainReader(db),
): Promise<{ rows: Budget[] } & Total> {
  const parsed = parseBudgetSearch(query.q);
  if (patientId === null && parsed.kind !== 'none') {
    const match = searchIndexMatch(parsed, query.paid);
    return match === null
      ? listByPatientFirst(db, query, patientsFound(parsed), read)
      : listFromSearchIndex(db, query, match, read);
  }
  const search = parsed.kind === 'none' ? undefined : patientsFound(parsed);
  const where = and(
    patientId === null ? undefined : eq(budgets.patientId, patientId),
    query.paid === undefined ? undefined : eq(budgets.paid, query.paid === 'true'),
    search,
  );
  const counted = search
    ? db
        .select({ n: count() })
        .from(budgets)
        .innerJoin(patients, eq(patients.id, budgets.patientId))
        .innerJoin(users, eq(users.id, patients.userId))
        .where(where)
    : patientId === null
      ? countAll(db, query.paid)
      : db.select({ n: count() }).from(budgets).where(where);
  const page = <T extends SQLiteSelect>(qb: T) =>
    qb
      .innerJoin(patients, eq(patients.id, budgets.patientId))
      .innerJoin(users, eq(users.id, patients.userId))
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit)
      .offset(query.offset);
  const [rows, totals] = await read([page(db.select(budgetColumns).from(budgets).$dynamic()), counted], {
    patientIds: page(db.select({ id: budgets.patientId }).from(budgets).$dynamic()),
  });
  return { rows: rows.map(toBudget), total: totals[0]?.n ?? 0, exact: true };
}

/** The date sorts as the budgets' trigram index gives them: its rowid is in creation order. */
const INDEX_ORDER: Partial<Record<BudgetSort, SQL[]>> = {
  date_desc: [sql`budgets_search.rowid desc`],
  date_asc: [sql`budgets_search.rowid`],
};

/**
 * A search of three characters or more: the budgets' trigram index (migration 0014) hands back
 * the matching budgets, paid filter included, in creation order (its rowid is the creation time,
 * then the id), so newest or oldest first is a walk of the index that stops at the page. The other
 * sorts read every match and sort them. The count stops `COUNT_AHEAD` past the page (a lower
 * bound beyond it).
 */
async function listFromSearchIndex(
  db: Db,
  query: BudgetsQuery,
  match: string,
  read: Reader,
): Promise<{ rows: Budget[] } & Total> {
  const cap = countCap(query.offset, query.limit);
  const order = INDEX_ORDER[query.sort] ?? ORDER[query.sort];
  const page = <T extends SQLiteSelect>(qb: T) =>
    qb
      .innerJoin(budgets, sql`${budgets.id} = budgets_search.budget_id`)
      .innerJoin(patients, eq(patients.id, budgets.patientId))
      .innerJoin(users, eq(users.id, patients.userId))
      .where(sql`budgets_search match ${match}`)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
  const [rows, totals] = await read(
    [
      page(db.select(budgetColumns).from(sql`budgets_search`).$dynamic()),
      db
        .select({ n: sql<number>`count(*)` })
        .from(sql`(select 1 from budgets_search where budgets_search match ${match} limit ${cap})`),
    ],
    { patientIds: page(db.select({ id: budgets.patientId }).from(sql`budgets_search`).$dynamic()) },
  );
  return { rows: rows.map(toBudget), ...boundedTotal(totals[0]?.n ?? 0, cap) };
}

/**
 * A search by patient: walk the patients first (those the trigram index finds, or the covering
 * indexes that hold the name and the document) and reach each one's budgets by
 * budgets_patient_paid_created_idx. CROSS JOIN fixes that order, and `+paid` keeps SQLite from
 * starting at the paid index instead, which at 50,000 budgets is ten times slower (bench/api.mjs).
 */
async function listByPatientFirst(
  db: Db,
  query: BudgetsQuery,
  search: SQL,
  read: Reader,
): Promise<{ rows: Budget[] } & Total> {
  const where = and(
    eq(patients.userId, users.id),
    eq(budgets.patientId, patients.id),
    query.paid === undefined ? undefined : sql`+${budgets.paid} = ${query.paid === 'true' ? 1 : 0}`,
    search,
  );
  const page = <T extends SQLiteSelect>(qb: T) =>
    qb
      .crossJoin(patients)
      .crossJoin(budgets)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit)
      .offset(query.offset);
  const [rows, totals] = await read(
    [
      page(db.select(budgetColumns).from(users).$dynamic()),
      db.select({ n: count() }).from(users).crossJoin(patients).crossJoin(budgets).where(where),
    ],
    { patientIds: page(db.select({ id: budgets.patientId }).from(users).$dynamic()) },
  );
  return { rows: rows.map(toBudget), total: totals[0]?.n ?? 0, exact: true };
}

/** One budget with its patient's details; null when there is none (or it is not `patientId`'s). */
export async function findBudget(
  db: Db,
  id: number,
  patientId: number | null,
): Promise<BudgetDetails | null> {
  const row = await db
    .select({
      ...budgetColumns,
      birth: users.birth,
      cellphone: users.cellphone,
      medicalService: patients.medicalService,
    })
    .from(budgets)
    .innerJoin(patients, eq(patients.id, budgets.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(budgets.id, id), patientId === null ? undefined : eq(budgets.patientId, patientId)))
    .get();
  if (!row) return null;
  return {
    ...toBudget(row),
    patient: {
      name: row.name,
      lastName: row.lastName,
      age: ageOn(row.birth, new Date().toISOString().slice(0, 10)),
      document: row.document,
      cellphone: row.cellphone,
      medicalService: row.medicalService,
    },
  };
}

export async function getBudget(db: Db, id: number, patientId: number | null): Promise<BudgetDetails> {
  const budget = await findBudget(db, id, patientId);
  if (!budget) throw new AppError('not_found', MSG.budgetNotFound);
  return budget;
}

/**
 * Every check of a new budget, with nothing written (also `?validate=true`): the patient exists,
 * every treatment is on the price list, and the discount is not above the priced total. Prices come
 * from the price list (never from the caller); the same treatment twice is one line.
 */
export async function priceBudget(db: Db, input: Omit<BudgetCreate, 'withPaymentLink'>) {
  const quantities = new Map<string, number>();
  for (const line of input.treatments)
    quantities.set(line.ID, (quantities.get(line.ID) ?? 0) + line.quantity);
  const [patient, priced] = await db.batch([
    db.select({ id: patients.id }).from(patients).where(eq(patients.id, input.PatientID)),
    db
      .select()
      .from(treatments)
      .where(inArray(treatments.id, [...quantities.keys()])),
  ]);
  if (patient.length === 0) throw invalid({ PatientID: { msg: MSG.patientNotFoundApi } });
  const byId = new Map(priced.map((t) => [t.id, t]));
  const unknown = input.treatments.findIndex((l) => !byId.has(l.ID));
  if (unknown >= 0) throw invalid({ [`treatments.${unknown}.ID`]: { msg: MSG.unknownTreatment } });

  const lines = [...quantities].map(([id, quantity]) => {
    const t = byId.get(id) as (typeof priced)[number];
    return { treatment: t, quantity, priceCents: t.priceCents };
  });
  const discountCents = input.discount === null ? null : toCents(input.discount);
  const { subTotals, subTotal, total } = budgetTotal(lines, discountCents ?? 0);
  if (discountCents !== null && discountCents > subTotal) {
    throw invalid({ discount: { msg: MSG.discountAboveTotal } });
  }
  return { lines, discountCents, subTotals, subTotal, total };
}

/** Creates a budget checked by `priceBudget`: budget and lines are written in one batch. */
export async function createBudget(
  db: Db,
  input: Omit<BudgetCreate, 'withPaymentLink'>,
): Promise<BudgetDetails> {
  const { lines, discountCents, subTotals, subTotal, total } = await priceBudget(db, input);
  const [created] = await db.batch([
    db
      .insert(budgets)
      .values({ patientId: input.PatientID, discountCents, totalCents: total })
      .returning({ id: budgets.id }),
    db.insert(budgetLines).values(
      lines.map((l, i) => ({
        // Inside the batch's transaction the newest budget is the one just inserted.
        budgetId: sql`(select max(id) from budgets)`,
        treatmentId: l.treatment.id,
        treatmentType: l.treatment.treatmentType,
        description: l.treatment.description,
        priceCents: l.priceCents,
        quantity: l.quantity,
        subTotalCents: subTotals[i] ?? 0,
      })),
    ),
  ]);
  const id = created[0]?.id;
  if (id === undefined) throw new Error('the new budget was not stored');
  return getBudget(db, id, null);
}

/**
 * The writes that make a budget paid: the budget, and the consultation turn it bills
 * accepted for the patient. Callers put them in one batch with whatever else must happen with them.
 */
function paidWrites(db: Db, budgetId: number) {
  return [
    db.update(budgets).set({ paid: true, updatedAt: sqlNow }).where(eq(budgets.id, budgetId)),
    db
      .update(turns)
      .set({ patientAccepts: true })
      .where(
        and(
          eq(turns.id, sql`(select turn_id from budgets where id = ${budgetId})`),
          eq(turns.patientId, sql`(select patient_id from budgets where id = ${budgetId})`),
        ),
      ),
  ] as const;
}

/** PUT /api/Budgets: stores the payment link and id, and/or marks the budget paid, in one batch. */
export async function updateBudget(
  db: Db,
  id: number,
  change: { linkPayment?: string | undefined; idPayment?: string | undefined; paid?: true | undefined },
): Promise<BudgetDetails> {
  await getBudget(db, id, null);
  const link =
    change.linkPayment !== undefined || change.idPayment !== undefined
      ? db
          .update(budgets)
          .set({ linkPayment: change.linkPayment, idPayment: change.idPayment, updatedAt: sqlNow })
          .where(eq(budgets.id, id))
      : null;
  if (link && change.paid) await db.batch([link, ...paidWrites(db, id)]);
  else if (change.paid) await db.batch(paidWrites(db, id));
  else if (link) await link;
  return getBudget(db, id, null);
}

/** Stores where the budget is paid (create_preference does it itself, so a patient can pay on demand). */
export async function setPaymentLink(
  db: Db,
  id: number,
  linkPayment: string,
  idPayment: string,
): Promise<void> {
  await db.update(budgets).set({ linkPayment, idPayment, updatedAt: sqlNow }).where(eq(budgets.id, id));
}

/** Takes back a budget nobody has paid (its lines go with it): a budget whose payment link failed. */
export async function deleteUnpaidBudget(db: Db, id: number): Promise<void> {
  await db.delete(budgets).where(and(eq(budgets.id, id), eq(budgets.paid, false)));
}

/**
 * Applies a completed payment exactly once: the event id goes into payment_events in
 * the same batch as its effect, so a replay fails on the unique key and changes nothing.
 * Answers false for a replay.
 */
export async function recordPayment(db: Db, eventId: string, budgetId: number): Promise<boolean> {
  try {
    await db.batch([db.insert(paymentEvents).values({ eventId, budgetId }), ...paidWrites(db, budgetId)]);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
