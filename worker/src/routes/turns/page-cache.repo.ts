import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Turn } from '../../contract/answers';
import type { Db } from '../../db/client';
import { calendarEpoch, turnDays } from '../../db/schema';

/**
 * The calendar's pages this isolate answered lately, to answer again while nothing they show has
 * changed. Each page is stamped with its days' turn counts and change numbers (`turn_days.n` and
 * `v`) and the patients' epoch (`calendar_epoch.v`), which triggers renew at every change to a
 * turn, its consultation's budget or its patient's shown details (migration 0037). A read sends
 * the stamp of the page it holds with the page's query: SQLite skips the page when the stamp is
 * still the same, so the read stays one trip, the page is not read again, and the answer is the
 * one already built. The access-log entry still names the page's patients.
 */
export interface CachedPage {
  stamp: string;
  rows: Turn[];
}

/** At most this many turns are held, over every page (about 0.3 KB of answer each). */
const MAX_TURNS = 12_000;

const pages = new Map<string, CachedPage>();
let heldTurns = 0;

export const pageKey = (from: string, to: string, limit: number, offset: number): string =>
  `${from}|${to}|${limit}|${offset}`;

/** The page held for `key`, if any (it becomes the most recently used). */
export function heldPage(key: string): CachedPage | undefined {
  const page = pages.get(key);
  if (page) {
    pages.delete(key);
    pages.set(key, page);
  }
  return page;
}

/** Holds `page` for `key`, letting go of the least recently used pages beyond MAX_TURNS. */
export function holdPage(key: string, page: CachedPage): void {
  const old = pages.get(key);
  if (old) {
    heldTurns -= old.rows.length;
    pages.delete(key);
  }
  if (page.rows.length > MAX_TURNS) return;
  pages.set(key, page);
  heldTurns += page.rows.length;
  for (const [oldest, held] of pages) {
    if (heldTurns <= MAX_TURNS) break;
    pages.delete(oldest);
    heldTurns -= held.rows.length;
  }
}

/** The stamp of the days selected: their counts and change numbers summed, and the patients' epoch. */
const STAMP = sql<string>`coalesce(sum(${turnDays.n}), 0) || ':' || coalesce(sum(${turnDays.v}), 0) || ':' || (select ${calendarEpoch.v} from ${calendarEpoch})`;

const inRange = (from: string, to: string) => and(gte(turnDays.date, from), lte(turnDays.date, to));

/** The stamp of the turns between two dates, as SQL answering one text. */
const stampSql = (from: string, to: string): SQL<string> =>
  sql<string>`(select ${STAMP} from ${turnDays} where ${inRange(from, to)})`;

/** The range's full count and its stamp, one row. */
export const countAndStamp = (db: Db, from: string, to: string) =>
  db
    .select({
      n: sql<number>`coalesce(sum(${turnDays.n}), 0)`,
      stamp: STAMP,
    })
    .from(turnDays)
    .where(inRange(from, to));

/**
 * The first date of a page's range as SQL: `from`, or, when the page held for it still has the
 * database's stamp, a date after every turn, so the page's index range is empty and SQLite reads
 * none of it (a bound is worked out once, before the index is searched).
 */
export const pageStart = (from: string, to: string, held: CachedPage | undefined): SQL | string =>
  held
    ? sql`(case when ${stampSql(from, to)} <> ${held.stamp} then ${from} else ${AFTER_EVERY_DATE} end)`
    : from;

const AFTER_EVERY_DATE = '9999-12-31';
