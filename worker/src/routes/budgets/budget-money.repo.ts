import { and, eq, sql } from 'drizzle-orm';
import type { BudgetDetails } from '../../contract/answers';
import type { BudgetEdit } from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { toCents } from '../../contract/money';
import type { Db } from '../../db/client';
import {
  budgetLines,
  budgetPayments,
  budgets,
  paymentEvents,
  paymentRefusals,
  sqlNow,
  turns,
} from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { clinicCurrencySql, priceBudget } from './budget-lines.repo';
import { creditCentsOf, getBudget } from './budgets.repo';

// A budget's money: payments (online, at the desk, from credit) and refunds, each written with the
// check that allows it in ONE statement and the budget's sums recomputed in the same batch, so
// parallel requests cannot pay more than the balance or refund more than was paid.

/**
 * What one budget's payments add up to, in cents, as SQL. Refunds are not taken off: a refund gives
 * money back, it does not put that money back on the patient's bill (a budget paid in full and
 * refunded in part or whole stays paid; the refund is listed beside its payment).
 */
const paidIn = (budgetId: number) => sql`(
  select coalesce(sum(amount_cents), 0)
  from ${budgetPayments} where budget_id = ${budgetId} and kind = 'payment'
)`;

/** Payments less refunds of one budget, in cents, as SQL: what the clinic kept (0: it may be voided). */
const keptOf = (budgetId: number) => sql`(
  select coalesce(sum(case kind when 'payment' then amount_cents else -amount_cents end), 0)
  from ${budgetPayments} where budget_id = ${budgetId}
)`;

/**
 * The writes that bring a budget in step with its payments: what is paid, `paid` when nothing is
 * left to pay, its payment link dropped, and the consultation turn it bills accepted for the patient
 * once it is paid.
 */
export function settleWrites(db: Db, budgetId: number) {
  const paid = paidIn(budgetId);
  return [
    db
      .update(budgets)
      .set({
        paidCents: paid,
        paid: sql`(${paid} > 0 and ${paid} >= ${budgets.totalCents})`,
        checkoutCents: sql`case when ${paid} >= ${budgets.totalCents} then null else ${budgets.checkoutCents} end`,
        // A link is for the balance it was made for: once money moves, the Pay button makes a new one
        // (the session stays known, so a payment already under way on it still applies).
        linkPayment: null,
        updatedAt: sqlNow,
      })
      .where(eq(budgets.id, budgetId)),
    db
      .update(turns)
      .set({ patientAccepts: true })
      .where(
        and(
          eq(turns.id, sql`(select turn_id from budgets where id = ${budgetId} and paid = 1)`),
          eq(turns.patientId, sql`(select patient_id from budgets where id = ${budgetId})`),
        ),
      ),
  ] as const;
}

/**
 * An online payment applied exactly once: the event id goes into payment_events in the same batch
 * as the payment, so a replay fails on the unique key and changes nothing (answers false). The money
 * came in, so it is recorded even when a desk payment settled the budget meanwhile (the summary
 * then shows it paid over, and the medic refunds the difference).
 */
export async function recordOnlinePayment(
  db: Db,
  eventId: string,
  budgetId: number,
  cents: number,
  sessionId: string,
): Promise<boolean> {
  try {
    await db.batch([
      db.insert(paymentEvents).values({ eventId, budgetId }),
      db
        .insert(budgetPayments)
        .values({ budgetId, kind: 'payment', method: 'online', amountCents: cents, sessionId }),
      ...settleWrites(db, budgetId),
    ]);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** The budget of a consultation turn, when something was paid on it (a cancel must say so). */
export async function paidBudgetOfTurn(
  db: Db,
  turnId: number,
): Promise<{ ID: number; paidAmount: number } | null> {
  const row = await db
    .select({ id: budgets.id, paidCents: budgets.paidCents })
    .from(budgets)
    .where(and(eq(budgets.turnId, turnId), sql`${budgets.paidCents} > 0`))
    .get();
  return row ? { ID: row.id, paidAmount: row.paidCents / 100 } : null;
}

/** Whether a webhook event was already applied (a replay). */
export async function eventApplied(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, eventId))
    .get();
  return row !== undefined;
}

/** Records a refused webhook event once (a replay of it adds nothing). */
export async function recordRefusal(
  db: Db,
  eventId: string,
  budgetId: number | null,
  reason: string,
): Promise<void> {
  await db.insert(paymentRefusals).values({ eventId, budgetId, reason }).onConflictDoNothing();
}

/** Why a budget cannot take a payment or a change, read after a conditional write wrote nothing. */
async function refusal(db: Db, budgetId: number, fallback: string): Promise<AppError> {
  const b = await getBudget(db, budgetId, null);
  if (b.status === 'Voided') return new AppError('conflict', MSG.budgetVoided);
  if (b.paid) return new AppError('conflict', MSG.budgetAlreadyPaid);
  return new AppError('conflict', fallback);
}

/**
 * A dry run of `addPayment` (`?validate=true`): the same refusals, from a read, nothing written.
 */
export async function assertPayable(db: Db, budgetId: number, amountCents: number | null): Promise<void> {
  const b = await getBudget(db, budgetId, null);
  if (b.status === 'Voided') throw new AppError('conflict', MSG.budgetVoided);
  if (b.paid) throw new AppError('conflict', MSG.budgetAlreadyPaid);
  const balance = toCents(b.balance);
  if (amountCents !== null && (amountCents <= 0 || amountCents > balance))
    throw new AppError('conflict', MSG.amountAboveBalance);
}

/** A dry run of `voidBudget` (`?validate=true`): the same refusals, from a read, nothing written. */
export async function assertVoidable(db: Db, budgetId: number): Promise<void> {
  const b = await getBudget(db, budgetId, null);
  if (b.status === 'Voided') throw new AppError('conflict', MSG.budgetVoided);
  if (b.paid) throw new AppError('conflict', MSG.budgetAlreadyPaid);
  const kept = b.payments.reduce((sum, p) => sum + (p.kind === 'payment' ? 1 : -1) * toCents(p.amount), 0);
  if (kept > 0) throw new AppError('conflict', MSG.budgetHasPayments);
}

/**
 * Records a payment of `amountCents` (the whole balance when null) unless the budget is voided,
 * already paid, or the amount is more than its balance. Answers the payment's id.
 */
export async function addPayment(
  db: Db,
  budgetId: number,
  payment: { amountCents: number | null; method: string; byUserId: number | null; sessionId?: string | null },
): Promise<number> {
  const amount = payment.amountCents === null ? sql`(total_cents - paid_cents)` : sql`${payment.amountCents}`;
  const [inserted] = await db.batch([
    db
      .insert(budgetPayments)
      .select(
        sql`select null, id, 'payment', ${payment.method}, ${amount}, null, null, ${payment.sessionId ?? null}, ${payment.byUserId}, ${sqlNow}
            from budgets where id = ${budgetId} and voided_at is null and paid_cents < total_cents
            and ${amount} > 0 and ${amount} <= total_cents - paid_cents`,
      )
      .returning({ id: budgetPayments.id }),
    ...settleWrites(db, budgetId),
  ]);
  const id = inserted[0]?.id;
  if (id === undefined) throw await refusal(db, budgetId, MSG.amountAboveBalance);
  return id;
}

/**
 * Gives back part or all of one payment, to the card or as a credit for the patient's next budget.
 * The amount may not exceed what is left of that payment: one statement checks and writes it.
 */
export async function addRefund(
  db: Db,
  budgetId: number,
  refund: {
    paymentId: number;
    amountCents: number | null;
    reason: string;
    to: 'card' | 'credit';
    byUserId: number;
  },
): Promise<number> {
  const left = sql`(p.amount_cents - (select coalesce(sum(r.amount_cents), 0) from ${budgetPayments} r where r.refund_of = p.id))`;
  const amount = refund.amountCents === null ? left : sql`${refund.amountCents}`;
  const method = refund.to === 'credit' ? 'credit' : 'card';
  const [inserted] = await db.batch([
    db
      .insert(budgetPayments)
      .select(
        sql`select null, p.budget_id, 'refund', ${method}, ${amount}, ${refund.reason}, p.id, null, ${refund.byUserId}, ${sqlNow}
            from ${budgetPayments} p
            where p.id = ${refund.paymentId} and p.budget_id = ${budgetId} and p.kind = 'payment'
            and ${amount} > 0 and ${amount} <= ${left}`,
      )
      .returning({ id: budgetPayments.id }),
    ...settleWrites(db, budgetId),
  ]);
  const id = inserted[0]?.id;
  if (id !== undefined) return id;
  assertRefundable(await getBudget(db, budgetId, null), refund.paymentId, refund.amountCents);
  throw new AppError('conflict', MSG.refundAboveBalance);
}

/**
 * The refusals of `addRefund`, judged on the budget as read (a dry run, and why an insert found
 * nothing to refund): 404 for no such payment on it, 409 for more than what is left of it.
 */
export function assertRefundable(budget: BudgetDetails, paymentId: number, amountCents: number | null): void {
  const payment = budget.payments.find((p) => p.ID === paymentId && p.kind === 'payment');
  if (!payment) throw new AppError('not_found', MSG.paymentNotFound);
  const left = toCents(payment.refundable);
  if (left <= 0 || (amountCents !== null && amountCents > left))
    throw new AppError('conflict', MSG.refundAboveBalance);
}

/**
 * Uses the patient's credit in the budget's currency, as far as it goes, towards a budget (never
 * more than its balance): a new one, or one the desk applies it to.
 */
export async function useCredit(db: Db, budgetId: number, patientId: number): Promise<void> {
  const credit = creditCentsOf(patientId, sql`(select currency from ${budgets} where id = ${budgetId})`);
  await db.batch([
    db.insert(budgetPayments).select(
      sql`select null, id, 'payment', 'credit', min(${credit}, total_cents - paid_cents), null, null, null, null, ${sqlNow}
            from budgets where id = ${budgetId} and voided_at is null and ${credit} > 0 and total_cents > paid_cents`,
    ),
    ...settleWrites(db, budgetId),
  ]);
}

/** The consultation budget of a new turn uses the patient's credit, when they have one. */
export async function useCreditForTurn(db: Db, turnId: number, patientId: number): Promise<void> {
  const row = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.turnId, turnId)).get();
  if (row) await useCredit(db, row.id, patientId);
}

/** No payment was ever recorded on the budget, and it is not voided. */
const untouched = (budgetId: number) =>
  sql`not exists (select 1 from ${budgetPayments} where budget_id = ${budgetId})
      and exists (select 1 from ${budgets} where id = ${budgetId} and voided_at is null)`;

/** Voids a budget nobody has paid, with the reason. */
export async function voidBudget(db: Db, budgetId: number, reason: string): Promise<BudgetDetails> {
  await getBudget(db, budgetId, null);
  const kept = keptOf(budgetId);
  const rows = await db
    .update(budgets)
    .set({
      voidedAt: sqlNow,
      voidReason: reason,
      updatedAt: sqlNow,
      linkPayment: null,
      idPayment: null,
      checkoutCents: null,
    })
    .where(and(eq(budgets.id, budgetId), sql`voided_at is null and ${kept} = 0`))
    .returning({ id: budgets.id });
  if (rows.length === 0) throw await refusal(db, budgetId, MSG.budgetHasPayments);
  return getBudget(db, budgetId, null);
}

/**
 * An edit's refusals, from a read (also its dry run): voided or paid anything (409), and its lines
 * priced from the price list (422 for what the list does not have). Answers the pricing.
 */
export async function pricedEdit(db: Db, edit: BudgetEdit) {
  const before = await getBudget(db, edit.ID, null);
  if (before.status === 'Voided') throw new AppError('conflict', MSG.budgetVoided);
  if (before.payments.length > 0) throw new AppError('conflict', MSG.budgetHasPayments);
  return priceBudget(db, {
    PatientID: before.PatientID,
    treatments: edit.treatments,
    discount: edit.discount,
    discountPercent: edit.discountPercent,
    validUntil: edit.validUntil,
  });
}

/**
 * Changes a pending budget: its lines (a tooth each), discount and validity, priced again from the
 * price list. Refused (409) once any payment was recorded, or when it is voided; every statement
 * carries that condition, so a payment arriving meanwhile wins and the change writes nothing.
 * The payment link is dropped: the old Checkout Session was for the old total.
 */
export async function editBudget(db: Db, edit: BudgetEdit): Promise<BudgetDetails> {
  const { lines, discountCents, discountPercent, subTotals, total } = await pricedEdit(db, edit);
  const ok = untouched(edit.ID);
  const [updated] = await db.batch([
    db
      .update(budgets)
      .set({
        discountCents,
        discountPercent,
        totalCents: total,
        validUntil: edit.validUntil,
        // Priced again from the price list: in the clinic's currency now.
        currency: clinicCurrencySql,
        linkPayment: null,
        idPayment: null,
        checkoutCents: null,
        updatedAt: sqlNow,
      })
      .where(and(eq(budgets.id, edit.ID), ok))
      .returning({ id: budgets.id }),
    db.delete(budgetLines).where(and(eq(budgetLines.budgetId, edit.ID), ok)),
    ...lines.map((l, i) =>
      db.insert(budgetLines).select(
        sql`select null, ${edit.ID}, ${l.treatment.id}, ${l.treatment.treatmentType}, ${l.treatment.description},
              ${l.priceCents}, ${l.quantity}, ${subTotals[i] ?? 0}, ${l.toothID}
            where ${ok}`,
      ),
    ),
  ]);
  if (updated.length === 0) throw await refusal(db, edit.ID, MSG.budgetHasPayments);
  return getBudget(db, edit.ID, null);
}

/** What a card refund gives back: its amount, and how the refunded payment was made (its Checkout session). */
export async function cardRefundTarget(
  db: Db,
  refundId: number,
): Promise<{ amountCents: number; method: string; sessionId: string | null } | undefined> {
  return db
    .get<{ amountCents: number; method: string; sessionId: string | null }>(
      sql`select r.amount_cents as amountCents, p.method as method, p.session_id as sessionId
          from ${budgetPayments} r join ${budgetPayments} p on p.id = r.refund_of
          where r.id = ${refundId} and r.kind = 'refund'`,
    )
    .then((row) => row ?? undefined);
}

/** Takes a refund back out (the card could not be refunded), and the budget's money with it. */
export async function dropRefund(db: Db, budgetId: number, refundId: number): Promise<void> {
  await db.batch([
    db.delete(budgetPayments).where(and(eq(budgetPayments.id, refundId), eq(budgetPayments.kind, 'refund'))),
    ...settleWrites(db, budgetId),
  ]);
}
