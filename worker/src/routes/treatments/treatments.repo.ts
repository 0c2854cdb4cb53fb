import { asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import { foldText } from '../../contract/person';
import { type Treatment, withPercent } from '../../contract/treatments';
import { type Db, plainReader, type Reader } from '../../db/client';
import { likeContains } from '../../db/like';
import { treatments } from '../../db/schema';
import { CONSULTATION, clinicCurrency } from '../clinics/clinics.repo';

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

/** Adds a treatment to the price list; null when its ID is taken. */
export async function createTreatment(
  db: Db,
  t: { ID: string; treatmentType: string; description: string; price: number },
): Promise<Treatment | null> {
  const rows = await db
    .insert(treatments)
    .values({
      id: t.ID,
      treatmentType: t.treatmentType,
      description: t.description,
      priceCents: Math.round(t.price * 100),
    })
    .onConflictDoNothing()
    .returning();
  const row = rows[0];
  return row ? toTreatment(row) : null;
}

/**
 * Changes the prices of the selected treatments by a percentage, all in one batch; answers them as
 * they are now, with the price each had before. Unknown IDs are left out (the answer says which changed).
 */
export async function changePricesBy(
  db: Db,
  ids: readonly string[],
  percent: number,
): Promise<(Treatment & { oldPrice: number })[]> {
  const before = await db
    .select()
    .from(treatments)
    .where(inArray(treatments.id, [...new Set(ids)]));
  if (before.length === 0) return [];
  const now = new Date().toISOString();
  const updates = before.map((t) =>
    db
      .update(treatments)
      .set({ priceCents: withPercent(t.priceCents, percent), updatedAt: now })
      .where(eq(treatments.id, t.id))
      .returning(),
  );
  const results = await db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  return results.flatMap((rows, i) =>
    rows.map((row) => ({ ...toTreatment(row), oldPrice: (before[i]?.priceCents ?? 0) / 100 })),
  );
}

/** The consultation's price (currency units) and the clinic's currency: the price a '#consult' turn bills. */
export async function consultationPrice(db: Db): Promise<{ price: number; currency: string }> {
  const [row, currency] = await Promise.all([
    db
      .select({ priceCents: treatments.priceCents })
      .from(treatments)
      .where(eq(treatments.id, CONSULTATION.id))
      .get(),
    clinicCurrency(db),
  ]);
  return { price: (row?.priceCents ?? CONSULTATION.priceCents) / 100, currency };
}
