import { createClient } from '@libsql/client/web';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql/web';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Bindings } from '../env';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzleD1<typeof schema>>;

/**
 * D1 by default; libSQL (Turso) when LIBSQL_URL is set. Both are SQLite dialect drizzle databases,
 * so nothing above this module knows which one it has.
 */
export function openDb(env: Bindings): Db {
  if (env.LIBSQL_URL) {
    const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
    return drizzleLibsql(client, { schema }) as unknown as Db;
  }
  return drizzleD1(env.DB, { schema });
}

const dialect = new SQLiteAsyncDialect();

type LibsqlClient = ReturnType<typeof createClient>;

/**
 * Runs raw SQL statements as ONE atomic batch on whichever database `db` is, answering each
 * statement's rows. For the few writes that need SQL drizzle's builders cannot batch, such as a
 * conditional `INSERT … SELECT … WHERE NOT EXISTS … RETURNING` followed by `changes()` guards.
 */
export async function batchSql(db: Db, statements: SQL[]): Promise<Record<string, unknown>[][]> {
  const built = statements.map((s) => dialect.sqlToQuery(s));
  const client = db.$client as D1Database | LibsqlClient;
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
