import { eq, inArray, sql } from 'drizzle-orm';
import type { BudgetDetails } from '../../contract/answers';
import { type BudgetCreate, budgetTotal } from '../../contract/budgets';
import { MSG } from '../../contract/messages';
import { toCents } from '../../contract/money';
import type { Db } from '../../db/client';
import { budgetLines, budgets, clinics, patients, treatments } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { getBudget } from './budgets.repo';

/**
 * Every check of a new budget, with nothing written (also `?validate=true`): the patient exists,
 * every treatment is on the price list, and the discount is not above the priced total. Prices come
 * from the price list (never from the caller); the same treatment twice is one line.
 */
export async function priceBudget(
  db: Db,
  input: Omit<BudgetCreate, 'withPaymentLink' | 'discountPercent' | 'validUntil'> &
    Partial<Pick<BudgetCreate, 'discountPercent' | 'validUntil'>>,
) {
  // The same treatment for the same tooth (or for none) twice is one line.
  const quantities = new Map<string, { id: string; toothID: number | null; quantity: number }>();
  for (const line of input.treatments) {
    const key = `${line.ID}|${line.toothID ?? ''}`;
    const seen = quantities.get(key);
    quantities.set(key, {
      id: line.ID,
      toothID: line.toothID ?? null,
      quantity: (seen?.quantity ?? 0) + line.quantity,
    });
  }
  const ids = [...new Set(input.treatments.map((l) => l.ID))];
  const [patient, priced] = await db.batch([
    db.select({ id: patients.id }).from(patients).where(eq(patients.id, input.PatientID)),
    db.select().from(treatments).where(inArray(treatments.id, ids)),
  ]);
  if (patient.length === 0) throw invalid({ PatientID: { msg: MSG.patientNotFoundApi } });
  // One discount: an amount or a percentage, never one quietly dropped for the other.
  if (input.discount != null && input.discountPercent != null)
    throw invalid({ discountPercent: { msg: MSG.discountOneWay } });
  const byId = new Map(priced.map((t) => [t.id, t]));
  const unknown = input.treatments.findIndex((l) => !byId.has(l.ID));
  if (unknown >= 0) throw invalid({ [`treatments.${unknown}.ID`]: { msg: MSG.unknownTreatment } });

  const lines = [...quantities.values()].map(({ id, toothID, quantity }) => {
    const t = byId.get(id) as (typeof priced)[number];
    return { treatment: t, quantity, priceCents: t.priceCents, toothID };
  });
  const sum = budgetTotal(lines).subTotal;
  const percent = input.discountPercent ?? null;
  const discountCents =
    percent !== null && percent > 0
      ? Math.round((sum * percent) / 100)
      : input.discount === null || input.discount === undefined
        ? null
        : toCents(input.discount);
  const { subTotals, subTotal, total } = budgetTotal(lines, discountCents ?? 0);
  if (discountCents !== null && discountCents > subTotal) {
    throw invalid({ discount: { msg: MSG.discountAboveTotal } });
  }
  return {
    lines,
    discountCents,
    discountPercent: percent !== null && percent > 0 ? percent : null,
    subTotals,
    subTotal,
    total,
  };
}

/** The clinic's currency (ARS before a clinic exists), read in the statement that stores a budget. */
export const clinicCurrencySql = sql<string>`coalesce((select ${clinics.currency} from ${clinics} order by ${clinics.id} limit 1), 'ARS')`;

/** Creates a budget checked by `priceBudget`: budget and lines are written in one batch. */
export async function createBudget(
  db: Db,
  input: Omit<BudgetCreate, 'withPaymentLink'>,
): Promise<BudgetDetails> {
  const { lines, discountCents, discountPercent, subTotals, total } = await priceBudget(db, input);
  const [created] = await db.batch([
    db
      .insert(budgets)
      .values({
        patientId: input.PatientID,
        discountCents,
        discountPercent,
        totalCents: total,
        validUntil: input.validUntil ?? null,
        // The clinic's currency now: a later change of the clinic's currency leaves this budget's.
        currency: clinicCurrencySql,
      })
      .returning({ id: budgets.id }),
    db.insert(budgetLines).values(
      lines.map((l, i) => ({
        // Inside the batch's transaction the newest budget is the one just inserted.
        budgetId: sql`(select max(id) from budgets)`,
        treatmentId: l.treatment.id,
        treatmentType: l.treatment.treatmentType,
        description: l.treatment.description,
        priceCents: l.priceCents,
        quantity: l.quantity,
        subTotalCents: subTotals[i] ?? 0,
        toothId: l.toothID,
      })),
    ),
  ]);
  const id = created[0]?.id;
  if (id === undefined) throw new Error('the new budget was not stored');
  return getBudget(db, id, null);
}
