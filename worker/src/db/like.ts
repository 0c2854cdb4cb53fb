import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** `column LIKE '%term%'` with the term's own % and _ taken literally (a substring search). */
export function likeContains(column: AnyColumn | SQL, term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}
