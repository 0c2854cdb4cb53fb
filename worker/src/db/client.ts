import { createClient, type Client as LibsqlClient } from '@libsql/client/web';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql/web';
import { type BaseSQLiteDatabase, SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

/**
 * What the app may use of its database, true of both drivers: drizzle's SQLite builders, its atomic
 * `batch`, and the raw client for `batchSql` below. What a write returns to `.run()` differs (D1's
 * `meta.changes`, libSQL's `rowsAffected`), so it is typed `unknown`: read `.returning()` instead.
 */
export type Db = BaseSQLiteDatabase<'async', unknown> & {
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
  $client: D1Database | LibsqlClient;
};

export type Batch = Readonly<[BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>;

/** What a read's access-log entry takes from the read (auth/access readBatch). */
export interface ReadAudit {
  /**
   * A list's patients, taken from the answer itself: given the batch's results, the patient ID of
   * every row it shows. Its distinct IDs become the entry's `patient_ids`. Preferred: the page is
   * read once.
   */
  patientsIn?: (results: readonly unknown[]) => Iterable<number | null | undefined>;
  /**
   * A list's patients as a select of ONE column, the patient IDs of the rows the page shows (the
   * page's own filter, order, limit and offset): run read-only in the same batch. It walks the
   * page a second time, so `patientsIn` is preferred; kept for reads written this way.
   */
  patientIds?: SQLWrapper;
  /**
   * The answer's status when the read decides it (`foundOr404`). No longer needed: the entry is
   * sent once the answer is known, with its real status; accepted and ignored.
   */
  status?: SQL;
}

/**
 * Runs a read's statements as one batch. In a request it is `readerOf(c)` (auth/access), which notes
 * the patients the answer showed for the request's access-log entry; `plainReader` runs the
 * statements alone.
 */
export type Reader = <T extends Batch>(reads: T, audit?: ReadAudit) => Promise<BatchResponse<T>>;

/**
 * `ReadAudit.patientsIn` for the usual list: the patient ID in column `key` of every row of the
 * batch's result number `at` (0: its first statement).
 */
export const patientsOfRows =
  (key: string, at = 0) =>
  (results: readonly unknown[]): (number | null | undefined)[] =>
    ((results[at] ?? []) as Record<string, unknown>[]).map((row) => row[key] as number | null | undefined);

/** A read's status as SQL, for its access-log row: 200 when `found` (a select) has a row, 404 otherwise. */
export const foundOr404 = (found: SQLWrapper): SQL =>
  sql`(case when exists (${found.getSQL()}) then 200 else 404 end)`;

export const plainReader =
  (db: Db): Reader =>
  (reads) =>
    db.batch(reads);

/*
 * The app writes its queries with drizzle's builders and never its relational `db.query` API, so
 * the databases are opened without the schema: given one, drizzle rebuilds the relational config
 * of every table on each open, that is on every request (about 1.4 ms of a request's CPU).
 */

/** A drizzle database over a D1 binding (the tests use it to reach the D1 client directly). */
export const openD1 = (d1: D1Database) => drizzleD1(d1);

/** A drizzle database over any libSQL client: Turso over HTTP in the worker, a local file in the libSQL tests. */
export const libsqlDb = (client: LibsqlClient): Db => drizzleLibsql(client);

/** The worker's bindings that choose and reach the database. */
export interface DbBindings {
  DB: D1Database;
  /** When set, the database is libSQL/Turso instead of D1. */
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

/**
 * D1 by default; libSQL (Turso) when LIBSQL_URL is set. Both are SQLite dialect drizzle databases,
 * so nothing above this module knows which one it has.
 */
export function openDb(env: DbBindings): Db {
  if (env.LIBSQL_URL) {
    return libsqlDb(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }));
  }
  return openD1(env.DB);
}

const dialect = new SQLiteAsyncDialect();

/**
 * Runs raw SQL statements as ONE atomic batch on whichever database `db` is, answering each
 * statement's rows. For the few writes that need SQL drizzle's builders cannot batch, such as a
 * conditional `INSERT … SELECT … WHERE NOT EXISTS … RETURNING` followed by `changes()` guards.
 */
export async function batchSql(db: Db, statements: SQL[]): Promise<Record<string, unknown>[][]> {
  const built = statements.map((s) => dialect.sqlToQuery(s));
  const client = db.$client;
  if ('prepare' in client) {
    const results = await client.batch(built.map((q) => client.prepare(q.sql).bind(...q.params)));
    return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
  }
  const results = await client.batch(
    built.map((q) => ({ sql: q.sql, args: q.params as never[] })),
    'write',
  );
  return results.map((r) => r.rows.map((row) => ({ ...row }) as Record<string, unknown>));
}
