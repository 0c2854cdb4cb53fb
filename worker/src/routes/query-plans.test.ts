import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, test } from 'vitest';
import { seed } from '../../test/helpers';
import { BUDGET_SORTS, type BudgetsQuery } from '../contract/budgets';
import type { Db } from '../db/client';
import { listBudgets } from './budgets/budget-search.repo';
import { findPatientsContaining, listPatients } from './patients/patients.repo';
import { bookedOn, listTurns } from './turns/turns.repo';

interface Statement {
  sql: string;
  params: unknown[];
}

/** A drizzle database over the test D1 that also records every statement it prepares and binds. */
function recordingDb(): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          statements.push({ sql, params: [] });
          const entry = statements[statements.length - 1] as Statement;
          return new Proxy(stmt, {
            get(s, p) {
              if (p === 'bind') {
                return (...params: unknown[]) => {
                  entry.params = params;
                  return s.bind(...params);
                };
              }
              const value = Reflect.get(s, p, s);
              return typeof value === 'function' ? value.bind(s) : value;
            },
          });
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: drizzle(d1), statements };
}

/** EXPLAIN QUERY PLAN of every SELECT `run` makes, one line per step. */
async function plansOf(run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const { db, statements } = recordingDb();
  await run(db);
  const selects = statements.filter((s) => /^\s*(select|with)\b/i.test(s.sql));
  expect(selects.length).toBeGreaterThan(0);
  const lines: string[] = [];
  for (const s of selects) {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${s.sql}`)
      .bind(...s.params)
      .all<{ detail: string }>();
    lines.push(...plan.results.map((r) => r.detail));
  }
  return lines;
}

/**
 * A pass over one of the tables that grow with the clinic: a SCAN of it, or a SEARCH that only
 * narrows users to the patients (every patient, in the covering index's order).
 */
const SCAN_OF_BIG_TABLE = /^SCAN (users|turns|budgets|patients)\b|^SEARCH users .*\(user_type=\?\)$/;
/** A bare SCAN of such a table (an ordered walk of an index that the page's LIMIT stops is not one). */
const FULL_SCAN = /^SCAN (users|turns|budgets|patients)(?! USING)/;

const budgetsQuery = (q: string, sort: BudgetsQuery['sort'], paid?: 'true' | 'false'): BudgetsQuery => ({
  q,
  sort,
  paid,
  limit: 20,
  offset: 40,
});

describe('the searches read through an index, never a scan of users, turns or budgets', () => {
  beforeAll(seed);

  test.each([
    ['a name prefix', 'mar'],
    ['a two-word name', 'maria gon'],
    ['a document prefix', '6000'],
    ['a name typed without its accents', 'jose pena'],
    ['a last name typed without its accents', 'garcia lopez'],
  ])('patient search: %s', async (_, q) => {
    const plans = await plansOf((db) => listPatients(db, q, 20, 20));
    expect(plans.filter((l) => SCAN_OF_BIG_TABLE.test(l))).toEqual([]);
  });

  // The folded last name is a generated column: its index still answers the search alone.
  test('patient search by a last name reads the folded last name from its covering index', async () => {
    const plans = await plansOf((db) => listPatients(db, 'oyarzun', 20, 0));
    expect(plans.some((l) => /COVERING INDEX users_patient_last_name_idx/.test(l))).toBe(true);
    expect(plans.filter((l) => SCAN_OF_BIG_TABLE.test(l))).toEqual([]);
  });

  test.each(['garc', 'oyarzún', 'del carmen'])(
    "the calendar's patient picker (a substring): %s",
    async (q) => {
      const plans = await plansOf((db) => findPatientsContaining(db, q, 8));
      expect(plans.filter((l) => SCAN_OF_BIG_TABLE.test(l))).toEqual([]);
    },
  );

  test('a month of turns, a later page of it, a day, and the free slots of a day', async () => {
    const plans = [
      ...(await plansOf((db) =>
        listTurns(db, { from: '2030-01-01', to: '2030-01-31', limit: 200, offset: 0 }),
      )),
      ...(await plansOf((db) =>
        listTurns(db, { from: '2030-01-01', to: '2030-01-31', limit: 200, offset: 200 }),
      )),
      ...(await plansOf((db) =>
        listTurns(db, { from: '2030-01-07', to: '2030-01-07', limit: 200, offset: 0 }),
      )),
      ...(await plansOf((db) => bookedOn(db, '2030-01-07', 1))),
    ];
    expect(plans.some((l) => /turns_date_idx|turn_days/.test(l))).toBe(true);
    expect(plans.filter((l) => SCAN_OF_BIG_TABLE.test(l))).toEqual([]);
  });

  test('a patient’s own turns', async () => {
    const plans = await plansOf((db) =>
      listTurns(db, { from: '2026-01-01', patientId: 1, limit: 200, offset: 0 }),
    );
    expect(plans.filter((l) => SCAN_OF_BIG_TABLE.test(l))).toEqual([]);
  });

  // Three characters or more walk the budgets' trigram index in creation order, newest or oldest
  // first, and stop at the page: no SQLite sort. (One or two characters, which no trigram covers,
  // test every patient's entry in a covering index.)
  test.each([
    ['a name', 'garcia'],
    ['a name typed with its accents', 'García'],
    ['a DNI', '70000'],
  ])('budgets searched by %s, newest and oldest first, unpaid, paid and both', async (_, q) => {
    for (const sort of ['date_desc', 'date_asc'] as const) {
      for (const paid of [undefined, 'false', 'true'] as const) {
        const plans = await plansOf((db) => listBudgets(db, budgetsQuery(q, sort, paid), null));
        const label = `${sort}, paid=${paid}`;
        expect(
          plans.filter((l) => SCAN_OF_BIG_TABLE.test(l)),
          label,
        ).toEqual([]);
        expect(
          plans.some((l) => /VIRTUAL TABLE/.test(l)),
          label,
        ).toBe(true);
        expect(
          plans.filter((l) => /TEMP B-TREE/.test(l)),
          label,
        ).toEqual([]);
      }
    }
  });

  // Each sort is one index walk that stops at the page: no SQLite sort of the rows walked, not
  // even of ties (which would read the page's rows once more).
  test.each(BUDGET_SORTS.map((s) => [s]))('budgets sorted %s, unpaid, paid and both', async (sort) => {
    for (const paid of [undefined, 'false', 'true'] as const) {
      const plans = await plansOf((db) => listBudgets(db, budgetsQuery('', sort, paid), null));
      expect(
        plans.filter((l) => FULL_SCAN.test(l) || /TEMP B-TREE/.test(l)),
        `paid=${paid}`,
      ).toEqual([]);
    }
  });
});
