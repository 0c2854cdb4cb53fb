import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A case-insensitive substring search, `term` taken literally. Written with instr() rather than
 * `LIKE '%term%'`: D1 refuses LIKE patterns longer than 50 bytes, so a 49-character search (which
 * the list schemas allow up to 100) would fail. lower() on both sides folds ASCII case as LIKE did.
 */
export function likeContains(column: AnyColumn | SQL, term: string): SQL {
  return sql`instr(lower(${column}), lower(${term})) > 0`;
}
