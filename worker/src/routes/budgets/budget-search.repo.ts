import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { Budget } from '../../contract/answers';
import { type BudgetSort, type BudgetsQuery, parseListSearch } from '../../contract/budgets';
import type { Total } from '../../contract/validation';
import { type Db, patientsOfRows, plainReader, type Reader } from '../../db/client';
import { budgetCounts, budgets, patients, users } from '../../db/schema';
import { patientContains, trigramMatch } from '../../db/users.repo';
import { boundedTotal, countCap } from '../../lib/total';
import { budgetColumns, toBudget } from './budgets.repo';

/**
 * Every budget, or the unpaid or paid ones: the full count without a search, read from the
 * counts the triggers keep (migration 0010) instead of counting the budgets themselves. The
 * unpaid count leaves out the voided budgets (few, read from their own index, migration 0042).
 */
function countAll(db: Db, paid: BudgetsQuery['paid']) {
  const voided =
    paid === 'false'
      ? sql` - (select count(*) from ${budgets} where ${budgets.voidedAt} is not null and ${budgets.paid} = 0)`
      : sql``;
  return db
    .select({ n: sql<number>`coalesce(sum(${budgetCounts.n}), 0)${voided}` })
    .from(budgetCounts)
    .where(paid === undefined ? undefined : eq(budgetCounts.paid, paid === 'true' ? 1 : 0));
}

/**
 * The paid filter: `paid=false` keeps the budgets still owed, so a voided budget (not money
 * anybody owes) is not among them; `paid=true` keeps the paid ones; no filter keeps every budget.
 */
function paidFilter(paid: BudgetsQuery['paid'], unindexed = false): SQL | undefined {
  if (paid === undefined) return undefined;
  const isPaid = unindexed
    ? sql`+${budgets.paid} = ${paid === 'true' ? 1 : 0}`
    : eq(budgets.paid, paid === 'true');
  return paid === 'true' ? isPaid : and(isPaid, isNull(budgets.voidedAt));
}

type BudgetSearch = Exclude<ReturnType<typeof parseListSearch>, { kind: 'none' }>;

/** The budgets' patients that `search` finds: users.search_name is the lower-cased "name lastname". */
function patientsFound(search: BudgetSearch): SQL {
  return patientContains([search.kind === 'document' ? 'document' : 'search_name'], search.term);
}

/**
 * The paid filter in the budgets' trigram index: one trigram of the status word ('settled',
 * 'pending' or 'voided', which share none, so one is enough; a voided budget is not owed, and its
 * word keeps it out of the unpaid search, migration 0044). The whole word is five trigrams, whose five
 * lists (each naming every budget of that status) the index would merge on every search: about
 * four times the CPU of the search itself at 50,000 budgets (docs/performance.md).
 */
const STATUS_TRIGRAM = { true: 'set', false: 'pen' } as const;

/**
 * The query of the budgets' own trigram index (migration 0014) for `search` with the paid filter;
 * null for a term under three characters, which no trigram covers.
 */
function searchIndexMatch(search: BudgetSearch, paid: BudgetsQuery['paid']): string | null {
  const match = trigramMatch([search.kind === 'document' ? 'document' : 'patient_name'], search.term);
  if (match === null || paid === undefined) return match;
  return `${match} AND {status} : "${STATUS_TRIGRAM[paid]}"`;
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
  const parsed = parseListSearch(query.q);
  if (patientId === null && parsed.kind !== 'none') {
    const match = searchIndexMatch(parsed, query.paid);
    return match === null
      ? listByPatientFirst(db, query, patientsFound(parsed), read)
      : listFromSearchIndex(db, query, match, read);
  }
  const search = parsed.kind === 'none' ? undefined : patientsFound(parsed);
  const where = and(
    patientId === null ? undefined : eq(budgets.patientId, patientId),
    paidFilter(query.paid),
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
    patientsIn: patientsOfRows('patientId'),
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
    { patientsIn: patientsOfRows('patientId') },
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
    paidFilter(query.paid, true),
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
    { patientsIn: patientsOfRows('patientId') },
  );
  return { rows: rows.map(toBudget), total: totals[0]?.n ?? 0, exact: true };
}
