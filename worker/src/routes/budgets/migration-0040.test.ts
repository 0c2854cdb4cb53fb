import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { seed } from '../../../test/helpers';

// Migration 0040 changed data as well as the rule: budgets refunded before it stored paid_cents as
// payments less refunds (a refunded budget went back to unpaid). Its statements, run on rows of that
// old shape, bring them to the new one: paid_cents adds up the payments only, paid and the
// checkout's amount follow; budgets with no refund are left as they are.

const DEMO_PATIENT_ID = 1;

interface Old {
  total: number;
  paidCents: number;
  paid: 0 | 1;
  checkout: number | null;
  payments: number[];
  refunds: number[];
}

/** A budget as the database held it before 0040, with its payment and refund rows. */
async function oldBudget(b: Old): Promise<number> {
  const made = await env.DB.prepare(
    'INSERT INTO budgets (patient_id, total_cents, paid_cents, paid, checkout_cents) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(DEMO_PATIENT_ID, b.total, b.paidCents, b.paid, b.checkout)
    .first<{ id: number }>();
  const id = made?.id ?? 0;
  let first: number | null = null;
  for (const cents of b.payments) {
    const p = await env.DB.prepare(
      "INSERT INTO budget_payments (budget_id, kind, method, amount_cents) VALUES (?, 'payment', 'cash', ?) RETURNING id",
    )
      .bind(id, cents)
      .first<{ id: number }>();
    first ??= p?.id ?? null;
  }
  for (const cents of b.refunds) {
    await env.DB.prepare(
      "INSERT INTO budget_payments (budget_id, kind, method, amount_cents, reason, refund_of) VALUES (?, 'refund', 'card', ?, 'Back', ?)",
    )
      .bind(id, cents, first)
      .run();
  }
  return id;
}

const stateOf = (id: number) =>
  env.DB.prepare('SELECT paid_cents, paid, checkout_cents FROM budgets WHERE id = ?').bind(id).first();

describe('migration 0040 (refunds leave the balance): its data change', () => {
  beforeAll(async () => {
    await seed();
  });

  test('refunded budgets get paid_cents = their payments, paid and checkout in step; others untouched', async () => {
    const ids = {
      // paid in full, then all of it refunded: stored as nothing paid, unpaid, a checkout for all
      wholeRefund: await oldBudget({
        total: 450_000,
        paidCents: 0,
        paid: 0,
        checkout: 450_000,
        payments: [450_000],
        refunds: [450_000],
      }),
      // paid in full in two payments, part refunded: stored as partly paid
      partRefund: await oldBudget({
        total: 450_000,
        paidCents: 350_000,
        paid: 0,
        checkout: 100_000,
        payments: [300_000, 150_000],
        refunds: [100_000],
      }),
      // a deposit, part of it refunded: still partly paid, its checkout for the rest kept
      depositRefund: await oldBudget({
        total: 450_000,
        paidCents: 60_000,
        paid: 0,
        checkout: 350_000,
        payments: [100_000],
        refunds: [40_000],
      }),
      // no refund: not touched, even with figures the rule would not give
      noRefund: await oldBudget({
        total: 450_000,
        paidCents: 123,
        paid: 0,
        checkout: 777,
        payments: [100_000],
        refunds: [],
      }),
      nothing: await oldBudget({
        total: 450_000,
        paidCents: 0,
        paid: 0,
        checkout: null,
        payments: [],
        refunds: [],
      }),
    };

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0040_'));
    const statements = (migration?.queries ?? [])
      .map((q) => q.replace(/^\s*--.*$/gm, '').trim())
      .filter((q) => q !== '');
    expect(statements).toHaveLength(2);
    for (const statement of statements) await env.DB.prepare(statement).run();

    expect(await stateOf(ids.wholeRefund)).toEqual({ paid_cents: 450_000, paid: 1, checkout_cents: null });
    expect(await stateOf(ids.partRefund)).toEqual({ paid_cents: 450_000, paid: 1, checkout_cents: null });
    expect(await stateOf(ids.depositRefund)).toEqual({
      paid_cents: 100_000,
      paid: 0,
      checkout_cents: 350_000,
    });
    expect(await stateOf(ids.noRefund)).toEqual({ paid_cents: 123, paid: 0, checkout_cents: 777 });
    expect(await stateOf(ids.nothing)).toEqual({ paid_cents: 0, paid: 0, checkout_cents: null });

    // The budgets list's counts (kept by triggers) follow the budgets that became paid.
    const unpaid = await env.DB.prepare(
      'SELECT (SELECT n FROM budget_counts WHERE paid = 0) AS kept, (SELECT count(*) FROM budgets WHERE paid = 0) AS counted',
    ).first<{ kept: number; counted: number }>();
    expect(unpaid?.kept).toBe(unpaid?.counted);
  });
});
