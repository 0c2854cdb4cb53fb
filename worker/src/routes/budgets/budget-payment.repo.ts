import { and, eq, sql } from 'drizzle-orm';
import type { BudgetDetails } from '../../contract/answers';
import type { Db } from '../../db/client';
import { budgets, sqlNow } from '../../db/schema';
import { getBudget } from './budgets.repo';

/**
 * PUT /api/Budgets after creation: stores the payment link and id (marking paid is a payment:
 * budget-money.repo). A link stored this way charges the balance.
 */
export async function updateBudget(
  db: Db,
  id: number,
  change: { linkPayment?: string | undefined; idPayment?: string | undefined },
): Promise<BudgetDetails> {
  await getBudget(db, id, null);
  if (change.linkPayment !== undefined || change.idPayment !== undefined) {
    await db
      .update(budgets)
      .set({
        linkPayment: change.linkPayment,
        idPayment: change.idPayment,
        checkoutCents: sql`max(${budgets.totalCents} - ${budgets.paidCents}, 0)`,
        updatedAt: sqlNow,
      })
      .where(eq(budgets.id, id));
  }
  return getBudget(db, id, null);
}

/** Stores where the budget is paid (create_preference does it itself, so a patient can pay on demand). */
export async function setPaymentLink(
  db: Db,
  id: number,
  linkPayment: string,
  idPayment: string,
  amount: number,
): Promise<void> {
  await db
    .update(budgets)
    .set({ linkPayment, idPayment, checkoutCents: Math.round(amount * 100), updatedAt: sqlNow })
    .where(eq(budgets.id, id));
}

/** The budget's current Checkout Session and what it charges, the budget's balance in cents, and its patient. */
export async function checkoutOf(
  db: Db,
  id: number,
): Promise<{
  sessionId: string | null;
  cents: number | null;
  balanceCents: number;
  voided: boolean;
  patientId: number;
  currency: string;
} | null> {
  const row = await db
    .select({
      patientId: budgets.patientId,
      sessionId: budgets.idPayment,
      cents: budgets.checkoutCents,
      total: budgets.totalCents,
      paid: budgets.paidCents,
      voidedAt: budgets.voidedAt,
      currency: budgets.currency,
    })
    .from(budgets)
    .where(eq(budgets.id, id))
    .get();
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    cents: row.cents,
    balanceCents: Math.max(row.total - row.paid, 0),
    voided: row.voidedAt !== null,
    patientId: row.patientId,
    currency: row.currency,
  };
}

/** Takes back a budget nobody has paid (its lines go with it): a budget whose payment link failed. */
export async function deleteUnpaidBudget(db: Db, id: number): Promise<void> {
  await db.delete(budgets).where(and(eq(budgets.id, id), eq(budgets.paid, false)));
}
