import { and, eq, sql } from 'drizzle-orm';
import type { Budget, BudgetDetails, BudgetLine } from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { ageOn } from '../../contract/patients';
import type { Db } from '../../db/client';
import { budgetLines, budgets, patients, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

// A budget as the API shows it. Lists and searches: budget-search.repo; pricing and creating with
// its lines: budget-lines.repo; payment links, payments and marking paid: budget-payment.repo.

/** The lines of the outer query's budget as one JSON array, in the order they were added. */
const linesJson = sql<string>`(
  select json_group_array(json_object(
    'ID', l.treatment_id, 'treatmentType', l.treatment_type, 'description', l.description,
    'priceCents', l.price_cents, 'quantity', l.quantity, 'subTotalCents', l.sub_total_cents))
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
  totalCents: budgets.totalCents,
  paid: budgets.paid,
  linkPayment: budgets.linkPayment,
  idPayment: budgets.idPayment,
  createdAt: budgets.createdAt,
  updatedAt: budgets.updatedAt,
};

interface BudgetRow {
  id: number;
  patientId: number;
  name: string;
  lastName: string;
  document: string;
  lines: string;
  discountCents: number | null;
  totalCents: number;
  paid: boolean;
  linkPayment: string | null;
  idPayment: string | null;
  createdAt: string;
  updatedAt: string;
}

interface StoredLine {
  ID: string;
  treatmentType: string;
  description: string;
  priceCents: number;
  quantity: number;
  subTotalCents: number;
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
      }),
    ),
    discount: row.discountCents === null ? null : row.discountCents / 100,
    totalPrice: row.totalCents / 100,
    paid: row.paid,
    linkPayment: row.linkPayment,
    idPayment: row.idPayment,
    creationDate: row.createdAt,
    updateDate: row.updatedAt,
  };
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
    })
    .from(budgets)
    .innerJoin(patients, eq(patients.id, budgets.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(budgets.id, id), patientId === null ? undefined : eq(budgets.patientId, patientId)))
    .get();
  if (!row) return null;
  return {
    ...toBudget(row),
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
