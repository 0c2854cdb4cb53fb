import { asc, eq, isNull, sql } from 'drizzle-orm';
import { weekdayOf } from '../../contract/slots';
import { batchSql, type Db } from '../../db/client';
import { auditLog, clinics, freedSlots, waitlist, waitlistOffers } from '../../db/schema';
import { overlaps } from '../../db/turns.repo';

/** The clinic's waitlist settings (the defaults before a clinic exists). */
export interface WaitlistSettings {
  graceMinutes: number;
  holdMinutes: number;
  batch: number;
}

export async function waitlistSettings(db: Db): Promise<WaitlistSettings> {
  const row = await db
    .select({
      graceMinutes: clinics.waitlistGraceMinutes,
      holdMinutes: clinics.waitlistHoldMinutes,
      batch: clinics.waitlistBatch,
    })
    .from(clinics)
    .orderBy(asc(clinics.id))
    .limit(1)
    .get();
  return row ?? { graceMinutes: 3, holdMinutes: 15, batch: 3 };
}

/** The open waitlist entries' windows: their dates and weekdays (as stored, JSON). */
export function openEntryWindows(db: Db) {
  return db
    .select({ from: waitlist.fromDate, to: waitlist.toDate, days: waitlist.days })
    .from(waitlist)
    .where(isNull(waitlist.bookedTurnId));
}

/** Stores a freed start, due for its first round at `nextAt`; answers its id. */
export async function insertFreedSlot(
  db: Db,
  slot: { date: string; time: number; duration: number; medicId: number; freedAt: string; nextAt: string },
): Promise<number | null> {
  const [row] = await db.insert(freedSlots).values(slot).returning({ id: freedSlots.id });
  return row?.id ?? null;
}

/**
 * Whether a turn now stands on the slot's start in its medic's book (SQL, for a statement's
 * condition): turns overlap only in the same medic's book, so another dentist's turn at the same
 * time leaves it free.
 */
const startTaken = (slot: { date: string; time: number; duration: number; medicId: number }) =>
  sql`EXISTS (SELECT 1 FROM turns AS other WHERE other.date = ${slot.date} AND other.medic_id = ${slot.medicId} AND ${overlaps('other', slot.time, slot.time + slot.duration)})`;

export type SlotRow = typeof freedSlots.$inferSelect;

export interface Fitting {
  entryId: number;
  patientId: number;
  email: string;
  name: string;
}

/** Waiting patients whose window fits the slot and who were not offered it yet, earliest entry first. */
export async function fittingEntries(db: Db, slot: SlotRow, limit: number): Promise<Fitting[]> {
  const weekday = weekdayOf(slot.date);
  // Each patient once, by their earliest entry that fits, then the batch: the limit counts
  // patients, not entries (two entries of one patient would otherwise take two places).
  const [rows] = await batchSql(db, [
    sql`
      SELECT entryId, patientId, email, name FROM (
        SELECT w.id AS entryId, w.patient_id AS patientId, w.created_at AS createdAt,
          coalesce((SELECT g.email FROM users g WHERE g.id = u.guardian_user_id), u.email) AS email, u.name AS name,
          row_number() OVER (PARTITION BY w.patient_id ORDER BY w.created_at, w.id) AS nth
        FROM waitlist AS w
        JOIN patients AS p ON p.id = w.patient_id
        JOIN users AS u ON u.id = p.user_id
        WHERE w.booked_turn_id IS NULL
          AND w.from_date <= ${slot.date} AND w.to_date >= ${slot.date}
          AND EXISTS (SELECT 1 FROM json_each(w.days) WHERE value = ${weekday})
          AND (w.part = 'any' OR (w.part = 'morning' AND ${slot.time} < 13) OR (w.part = 'afternoon' AND ${slot.time} >= 13))
          AND (w.duration IS NULL OR w.duration <= ${slot.duration + 1e-9})
          AND NOT EXISTS (SELECT 1 FROM waitlist_offers AS o WHERE o.slot_id = ${slot.id} AND o.patient_id = w.patient_id)
      )
      WHERE nth = 1
      ORDER BY createdAt, entryId
      LIMIT ${limit}`,
  ]);
  return (rows ?? []) as unknown as Fitting[];
}

/** D1 binds at most 100 values a statement: multi-row inserts go in chunks of `size` rows. */
function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Access-log rows of the offers' own events (no request: the clinic's object acts). */
export async function logEvents(db: Db, action: string, patientIds: number[], slotId: number): Promise<void> {
  for (const part of chunks(patientIds, 15)) {
    await db.insert(auditLog).values(
      part.map((patientId) => ({
        userId: null,
        action,
        patientId,
        route: `waitlist slot ${slotId}`,
        status: 200,
        patientIds: null,
      })),
    );
  }
}

/** Expires the slot's open offers whose hold has passed; answers their patients. */
export async function expireOffers(db: Db, slotId: number, nowIso: string): Promise<number[]> {
  const expired = await db
    .update(waitlistOffers)
    .set({ state: 'expired' })
    .where(
      sql`${waitlistOffers.slotId} = ${slotId} AND ${waitlistOffers.state} = 'sent' AND ${waitlistOffers.expiresAt} <= ${nowIso}`,
    )
    .returning({ patientId: waitlistOffers.patientId });
  return expired.map((e) => e.patientId);
}

/** Marks a slot exhausted (no round left to offer it in). */
export async function exhaustSlot(db: Db, slotId: number): Promise<void> {
  await db.update(freedSlots).set({ status: 'exhausted' }).where(eq(freedSlots.id, slotId));
}

/**
 * Claims the slot's next round (so the alarm and the cron never both send it) while its start is
 * free, or withdraws the slot when a turn stands on it again, in one batch.
 */
export async function claimRound(
  db: Db,
  slot: SlotRow,
  expiresAt: string,
): Promise<{ claimed: boolean; withdrawn: boolean }> {
  const [claimed, withdrawn] = await batchSql(db, [
    sql`UPDATE freed_slots SET round = round + 1, status = 'offering', next_at = ${expiresAt}
        WHERE id = ${slot.id} AND round = ${slot.round} AND status IN ('pending', 'offering') AND NOT ${startTaken(slot)}
        RETURNING id`,
    sql`UPDATE freed_slots SET status = 'withdrawn'
        WHERE id = ${slot.id} AND round = ${slot.round} AND status IN ('pending', 'offering') AND ${startTaken(slot)}
        RETURNING id`,
  ]);
  return { claimed: (claimed?.length ?? 0) > 0, withdrawn: (withdrawn?.length ?? 0) > 0 };
}

/** Stores a round's offers, each by its token's hash. */
export async function insertOffers(
  db: Db,
  slotId: number,
  offers: { entryId: number; patientId: number; hash: string }[],
  sentAt: string,
  expiresAt: string,
): Promise<void> {
  for (const part of chunks(offers, 12)) {
    await db
      .insert(waitlistOffers)
      .values(
        part.map((t) => ({
          slotId,
          entryId: t.entryId,
          patientId: t.patientId,
          tokenHash: t.hash,
          sentAt,
          expiresAt,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The slots whose round is due at `nowIso`, earliest first (at most 100). */
export function dueSlots(db: Db, nowIso: string) {
  return db
    .select()
    .from(freedSlots)
    .where(sql`${freedSlots.status} IN ('pending', 'offering') AND ${freedSlots.nextAt} <= ${nowIso}`)
    .orderBy(asc(freedSlots.nextAt))
    .limit(100);
}

/** When the next round is due (null: no slot waiting). */
export async function nextRoundAt(db: Db): Promise<string | null> {
  const next = await db
    .select({ at: sql<string | null>`min(${freedSlots.nextAt})` })
    .from(freedSlots)
    .where(sql`${freedSlots.status} IN ('pending', 'offering')`)
    .get();
  return next?.at ?? null;
}

export interface OfferRow {
  id: number;
  state: string;
  expiresAt: string;
  patientId: number;
  entryId: number;
  slotId: number;
  status: string;
  date: string;
  time: number;
  duration: number;
  medicId: number;
  entryDuration: number | null;
}

/** The offer whose token hashes to `hash`, with its slot; null when none. */
export async function offerByHash(db: Db, hash: string): Promise<OfferRow | null> {
  const [rows] = await batchSql(db, [
    sql`SELECT o.id AS id, o.state AS state, o.expires_at AS expiresAt, o.patient_id AS patientId,
          o.entry_id AS entryId, o.slot_id AS slotId, s.status AS status, s.date AS date, s.time AS time,
          s.duration AS duration, s.medic_id AS medicId, w.duration AS entryDuration
        FROM waitlist_offers AS o
        JOIN freed_slots AS s ON s.id = o.slot_id
        LEFT JOIN waitlist AS w ON w.id = o.entry_id
        WHERE o.token_hash = ${hash}`,
  ]);
  return (rows?.[0] as OfferRow | undefined) ?? null;
}

/**
 * The claim's ONE batch: the turn is inserted only while the start is free, the slot still on offer
 * and the offer still open, and the slot, the offer and the entry are marked with it (`changes()`
 * chains them to the insert). Answers the new turn's id, or undefined when the claim lost.
 */
export async function bookOffer(
  db: Db,
  offer: OfferRow,
  duration: number,
  nowIso: string,
): Promise<number | undefined> {
  const [inserted] = await batchSql(db, [
    sql`INSERT INTO turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id, is_consultation)
        SELECT ${offer.date}, ${offer.time}, ${duration}, 'Turn from the waitlist', 1, 1, ${offer.medicId}, ${offer.patientId}, 0
        WHERE NOT EXISTS (SELECT 1 FROM turns AS other WHERE other.date = ${offer.date} AND other.medic_id = ${offer.medicId} AND ${overlaps('other', offer.time, offer.time + duration)})
          AND EXISTS (SELECT 1 FROM freed_slots WHERE id = ${offer.slotId} AND status = 'offering')
          AND EXISTS (SELECT 1 FROM waitlist_offers WHERE id = ${offer.id} AND state = 'sent' AND expires_at > ${nowIso})
        RETURNING id`,
    sql`UPDATE freed_slots SET status = 'filled', turn_id = last_insert_rowid() WHERE id = ${offer.slotId} AND changes() = 1`,
    sql`UPDATE waitlist_offers SET state = 'won' WHERE id = ${offer.id} AND changes() = 1`,
    sql`UPDATE waitlist SET booked_turn_id = (SELECT turn_id FROM freed_slots WHERE id = ${offer.slotId})
        WHERE id = ${offer.entryId} AND changes() = 1`,
    sql`UPDATE waitlist_offers SET state = 'taken'
        WHERE slot_id = ${offer.slotId} AND state = 'sent'
          AND EXISTS (SELECT 1 FROM freed_slots WHERE id = ${offer.slotId} AND status = 'filled')`,
  ]);
  return inserted?.[0]?.id as number | undefined;
}
