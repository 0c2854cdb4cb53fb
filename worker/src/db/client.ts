import { createClient } from '@libsql/client/web';
import { drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql/web';
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
