import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Budget, BudgetDetails } from '../../contract/answers';
import {
  type BudgetLine,
  type BudgetPayment,
  budgetStatus,
  type PaymentMethod,
} from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { ageOn } from '../../contract/patients';
import type { Db } from '../../db/client';
import { budgetLines, budgetPayments, budgets, clinics, patients, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

// A budget as the API shows it. Lists and searches: budget-search.repo; pricing and creating with
// its lines: budget-lines.repo; payment links, payments and marking paid: budget-payment.repo.

/** The lines of the outer query's budget as one JSON array, in the order they were added. */
const linesJson = sql<string>`(
  select json_group_array(json_object(
    'ID', l.treatment_id, 'treatmentType', l.treatment_type, 'description', l.description,
    'priceCents', l.price_cents, 'quantity', l.quantity, 'subTotalCents', l.sub_total_cents,
    'toothID', l.tooth_id))
  from (select * from ${budgetLines} l where l.budget_id = ${budgets.id} order by l.id) l
)`;

export const budgetColumns = {
  id: budgets.id,
  patientId: budgets.patientId,
  name: users.name,
  lastName: users.lastName,
  document: users.document,
  lines: linesJson,
  discountCents: budgets.discountCents,
  discountPercent: budgets.discountPercent,
  totalCents: budgets.totalCents,
  paid: budgets.paid,
  linkPayment: budgets.linkPayment,
  idPayment: budgets.idPayment,
  createdAt: budgets.createdAt,
  updatedAt: budgets.updatedAt,
  paidCents: budgets.paidCents,
  validUntil: budgets.validUntil,
  voidedAt: budgets.voidedAt,
  voidReason: budgets.voidReason,
  currency: budgets.currency,
};

interface BudgetRow {
  id: number;
  patientId: number;
  name: string;
  lastName: string;
  document: string;
  lines: string;
  discountCents: number | null;
  discountPercent: number | null;
  totalCents: number;
  paid: boolean;
  linkPayment: string | null;
  idPayment: string | null;
  createdAt: string;
  updatedAt: string;
  paidCents: number;
  validUntil: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  currency: string;
}

interface StoredLine {
  ID: string;
  treatmentType: string;
  description: string;
  priceCents: number;
  quantity: number;
  subTotalCents: number;
  toothID: number | null;
}

export function toBudget(row: BudgetRow): Budget {
  const lines = JSON.parse(row.lines) as StoredLine[];
  return {
    ID: row.id,
    PatientID: row.patientId,
    patientFullName: `${row.name} ${row.lastName}`,
    patientDocument: row.document,
    treatments: lines.map(
      (l): BudgetLine => ({
        ID: l.ID,
        treatmentType: l.treatmentType,
        description: l.description,
        price: l.priceCents / 100,
        quantity: l.quantity,
        subTotalPrice: l.subTotalCents / 100,
        toothID: l.toothID ?? null,
      }),
    ),
    discount: row.discountCents === null ? null : row.discountCents / 100,
    discountPercent: row.discountPercent,
    totalPrice: row.totalCents / 100,
    paid: row.paid,
    linkPayment: row.linkPayment,
    idPayment: row.idPayment,
    creationDate: row.createdAt,
    updateDate: row.updatedAt,
    paidAmount: row.paidCents / 100,
    balance: row.voidedAt ? 0 : Math.max(row.totalCents - row.paidCents, 0) / 100,
    status: budgetStatus({ voided: row.voidedAt !== null, paid: row.paid, paidCents: row.paidCents }),
    validUntil: row.validUntil,
    voidReason: row.voidReason,
    currency: row.currency,
  };
}

/**
 * A patient's credit in cents: refunds kept as credit, less the credit budgets used. With
 * `currency`, only what budgets of that currency gave and used (a credit is in its budget's currency).
 */
export const creditCentsOf = (patientId: number | SQLWrapper, currency?: SQLWrapper) => sql<number>`(
  select coalesce(sum(case when p.kind = 'refund' then p.amount_cents else -p.amount_cents end), 0)
  from ${budgetPayments} p join ${budgets} b on b.id = p.budget_id
  where b.patient_id = ${patientId} and p.method = 'credit'${currency ? sql` and b.currency = ${currency}` : sql``}
)`;

/** A patient's credit per currency (only those with some), as the portal shows it. */
export async function creditsOf(db: Db, patientId: number): Promise<{ currency: string; amount: number }[]> {
  const cents = sql<number>`sum(case when ${budgetPayments.kind} = 'refund' then ${budgetPayments.amountCents} else -${budgetPayments.amountCents} end)`;
  const rows = await db
    .select({ currency: budgets.currency, cents })
    .from(budgetPayments)
    .innerJoin(budgets, eq(budgets.id, budgetPayments.budgetId))
    .where(and(eq(budgets.patientId, patientId), eq(budgetPayments.method, 'credit')))
    .groupBy(budgets.currency)
    .having(sql`${cents} > 0`)
    .orderBy(budgets.currency);
  return rows.map((r) => ({ currency: r.currency, amount: r.cents / 100 }));
}

/** A budget's payments and refunds, oldest first, with who recorded them and what is left to refund. */
export async function budgetPaymentsOf(db: Db, budgetId: number): Promise<BudgetPayment[]> {
  const rows = await db
    .select({
      id: budgetPayments.id,
      kind: budgetPayments.kind,
      method: budgetPayments.method,
      amountCents: budgetPayments.amountCents,
      reason: budgetPayments.reason,
      refundOf: budgetPayments.refundOf,
      createdAt: budgetPayments.createdAt,
      name: users.name,
      lastName: users.lastName,
      refunded: sql<number>`(select coalesce(sum(r.amount_cents), 0) from ${budgetPayments} r where r.refund_of = ${budgetPayments.id})`,
    })
    .from(budgetPayments)
    .leftJoin(users, eq(users.id, budgetPayments.byUserId))
    .where(eq(budgetPayments.budgetId, budgetId))
    .orderBy(budgetPayments.id);
  return rows.map((r) => ({
    ID: r.id,
    kind: r.kind,
    method: r.method as PaymentMethod,
    amount: r.amountCents / 100,
    reason: r.reason,
    refundOf: r.refundOf,
    refundable: r.kind === 'payment' ? Math.max(r.amountCents - r.refunded, 0) / 100 : 0,
    by: r.name === null ? null : `${r.name} ${r.lastName ?? ''}`.trim(),
    date: r.createdAt,
  }));
}

/** One budget with its patient's details; null when there is none (or it is not `patientId`'s). */
export async function findBudget(
  db: Db,
  id: number,
  patientId: number | null,
): Promise<BudgetDetails | null> {
  const row = await db
    .select({
      ...budgetColumns,
      birth: users.birth,
      cellphone: users.cellphone,
      medicalService: patients.medicalService,
      creditCents: creditCentsOf(budgets.patientId, budgets.currency),
      minDepositPercent: sql<number>`coalesce((select ${clinics.minDepositPercent} from ${clinics} order by ${clinics.id} limit 1), 100)`,
    })
    .from(budgets)
    .innerJoin(patients, eq(patients.id, budgets.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(budgets.id, id), patientId === null ? undefined : eq(budgets.patientId, patientId)))
    .get();
  if (!row) return null;
  const budget = toBudget(row);
  const balanceCents = Math.round(budget.balance * 100);
  const depositCents = Math.ceil((row.totalCents * Math.min(Math.max(row.minDepositPercent, 1), 100)) / 100);
  return {
    ...budget,
    payments: await budgetPaymentsOf(db, id),
    credit: Math.max(row.creditCents, 0) / 100,
    minPayment: Math.min(depositCents, balanceCents) / 100,
    patient: {
      name: row.name,
      lastName: row.lastName,
      age: ageOn(row.birth, new Date().toISOString().slice(0, 10)),
      document: row.document,
      cellphone: row.cellphone,
      medicalService: row.medicalService,
    },
  };
}

export async function getBudget(db: Db, id: number, patientId: number | null): Promise<BudgetDetails> {
  const budget = await findBudget(db, id, patientId);
  if (!budget) throw new AppError('not_found', MSG.budgetNotFound);
  return budget;
}
