import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Answers once the database answers a query. */
export async function pingDb(db: Db): Promise<void> {
  await db.run(sql`select 1`);
}
