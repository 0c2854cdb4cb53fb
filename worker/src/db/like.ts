import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** D1 refuses LIKE and GLOB patterns longer than this many bytes. */
const D1_PATTERN_MAX_BYTES = 50;

/**
 * `column LIKE '%term%'` with the term's own % and _ taken literally (a substring search). A term
 * whose pattern would pass D1's 50-byte limit (a 49-character search, which the list schemas allow
 * up to 100) is searched with instr() instead; lower() on both sides folds ASCII case as LIKE does.
 */
export function likeContains(column: AnyColumn | SQL, term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  if (new TextEncoder().encode(pattern).byteLength > D1_PATTERN_MAX_BYTES) {
    return sql`instr(lower(${column}), lower(${term})) > 0`;
  }
  return sql`${column} like ${pattern} escape '\\'`;
}
