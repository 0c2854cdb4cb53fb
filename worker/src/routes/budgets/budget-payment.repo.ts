import { and, eq, sql } from 'drizzle-orm';
import type { BudgetDetails } from '../../contract/budgets';
import type { Db } from '../../db/client';
import { budgets, paymentEvents, sqlNow, turns } from '../../db/schema';
import { isUniqueViolation } from '../../db/users';
import { getBudget } from './budgets.repo';

/**
 * The writes that make a budget paid: the budget, and the consultation turn it bills
 * accepted for the patient. Callers put them in one batch with whatever else must happen with them.
 */
function paidWrites(db: Db, budgetId: number) {
  return [
    db.update(budgets).set({ paid: true, updatedAt: sqlNow }).where(eq(budgets.id, budgetId)),
    db
      .update(turns)
      .set({ patientAccepts: true })
      .where(
        and(
          eq(turns.id, sql`(select turn_id from budgets where id = ${budgetId})`),
          eq(turns.patientId, sql`(select patient_id from budgets where id = ${budgetId})`),
        ),
      ),
  ] as const;
}

/** PUT /api/Budgets: stores the payment link and id, and/or marks the budget paid, in one batch. */
export async function updateBudget(
  db: Db,
  id: number,
  change: { linkPayment?: string | undefined; idPayment?: string | undefined; paid?: true | undefined },
): Promise<BudgetDetails> {
  await getBudget(db, id, null);
  const link =
    change.linkPayment !== undefined || change.idPayment !== undefined
      ? db
          .update(budgets)
          .set({ linkPayment: change.linkPayment, idPayment: change.idPayment, updatedAt: sqlNow })
          .where(eq(budgets.id, id))
      : null;
  if (link && change.paid) await db.batch([link, ...paidWrites(db, id)]);
  else if (change.paid) await db.batch(paidWrites(db, id));
  else if (link) await link;
  return getBudget(db, id, null);
}

/** Stores where the budget is paid (create_preference does it itself, so a patient can pay on demand). */
export async function setPaymentLink(
  db: Db,
  id: number,
  linkPayment: string,
  idPayment: string,
): Promise<void> {
  await db.update(budgets).set({ linkPayment, idPayment, updatedAt: sqlNow }).where(eq(budgets.id, id));
}

/** Takes back a budget nobody has paid (its lines go with it): a budget whose payment link failed. */
export async function deleteUnpaidBudget(db: Db, id: number): Promise<void> {
  await db.delete(budgets).where(and(eq(budgets.id, id), eq(budgets.paid, false)));
}

/**
 * Applies a completed payment exactly once: the event id goes into payment_events in
 * the same batch as its effect, so a replay fails on the unique key and changes nothing.
 * Answers false for a replay.
 */
export async function recordPayment(db: Db, eventId: string, budgetId: number): Promise<boolean> {
  try {
    await db.batch([db.insert(paymentEvents).values({ eventId, budgetId }), ...paidWrites(db, budgetId)]);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
