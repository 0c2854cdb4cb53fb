import { asc, count, eq, or, type SQL } from 'drizzle-orm';
import { foldText } from '../../contract/person';
import type { Treatment } from '../../contract/treatments';
import { type Db, plainReader, type Reader } from '../../db/client';
import { likeContains } from '../../db/like';
import { treatments } from '../../db/schema';

type TreatmentRow = typeof treatments.$inferSelect;

export function toTreatment(row: TreatmentRow): Treatment {
  return {
    ID: row.id,
    creationDate: row.createdAt,
    updateDate: row.updatedAt,
    treatmentType: row.treatmentType,
    description: row.description,
    price: row.priceCents / 100,
    ClinicID: row.clinicId,
    recallMonths: row.recallMonths,
  };
}

function matching(q: string): SQL | undefined {
  if (!q) return undefined;
  const term = foldText(q);
  // The price list is small (tens of rows): a scan is fine here. Blind to case and accents.
  return or(likeContains(treatments.id, term), likeContains(treatments.searchText, term));
}

/** A page of the price list by ID, with the full count for X-Total-Count. */
export async function listTreatments(
  db: Db,
  query: { q: string; limit: number; offset: number },
  read: Reader = plainReader(db),
): Promise<{ rows: Treatment[]; total: number }> {
  const where = matching(query.q);
  const [rows, totals] = await read([
    db
      .select()
      .from(treatments)
      .where(where)
      .orderBy(asc(treatments.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(treatments).where(where),
  ]);
  return { rows: rows.map(toTreatment), total: totals[0]?.n ?? 0 };
}

/** Sets one treatment's price (currency units, stored in cents); null when the ID is unknown. */
export async function updateTreatmentPrice(
  db: Db,
  id: string,
  price: number,
  recallMonths?: number | null,
): Promise<Treatment | null> {
  const rows = await db
    .update(treatments)
    .set({
      priceCents: Math.round(price * 100),
      updatedAt: new Date().toISOString(),
      ...(recallMonths === undefined ? {} : { recallMonths }),
    })
    .where(eq(treatments.id, id))
    .returning();
  const row = rows[0];
  return row ? toTreatment(row) : null;
}
