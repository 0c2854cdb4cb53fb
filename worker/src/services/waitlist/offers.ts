import { asc, eq, sql } from 'drizzle-orm';
import { weekdayOf } from '../../contract/slots';
import { type Turn, turnStart } from '../../contract/turns';
import { batchSql, type Db, openDb } from '../../db/client';
import { findClinic } from '../../db/clinics';
import { auditLog, clinics, freedSlots, waitlistOffers } from '../../db/schema';
import type { Bindings } from '../../env';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { overlaps } from '../../routes/turns/turns.repo';
import { CLINIC } from '../live/announce';
import { sendMail } from '../mail';
import { appOrigin } from '../reminders';
import { offerMail } from './offer-mail';

const MINUTE = 60_000;

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

/** Asks the clinic's object to run the offers at `at` (its alarm); the cron catches up if this fails. */
export async function wakeOffersAt(env: Bindings, at: Date): Promise<void> {
  try {
    await env.LIVE.get(env.LIVE.idFromName(CLINIC)).scheduleOffers(at.getTime());
  } catch (err) {
    console.warn(JSON.stringify({ type: 'offers', error: err instanceof Error ? err.name : 'unknown' }));
  }
}

/**
 * A start that fits nobody's turn any more (a cancel, a move): offered to the waitlist once the
 * clinic's grace has passed. A re-booking inside the grace takes it back: the round finds the start
 * taken and withdraws it, and nobody is mailed.
 */
export async function freeStart(
  db: Db,
  env: Bindings,
  turn: Pick<Turn, 'date' | 'time' | 'duration' | 'MedicID'>,
  now = new Date(),
  graceMinutes?: number,
): Promise<number | null> {
  const grace = graceMinutes ?? (await waitlistSettings(db)).graceMinutes;
  const nextAt = new Date(now.getTime() + grace * MINUTE);
  const [row] = await db
    .insert(freedSlots)
    .values({
      date: turn.date,
      time: turn.time,
      duration: turn.duration,
      medicId: turn.MedicID,
      freedAt: now.toISOString(),
      nextAt: nextAt.toISOString(),
    })
    .returning({ id: freedSlots.id });
  await wakeOffersAt(env, nextAt);
  return row?.id ?? null;
}

/** Whether a turn now stands on the slot's start (SQL, for a statement's condition). */
const startTaken = (slot: { date: string; time: number; duration: number }) =>
  sql`EXISTS (SELECT 1 FROM turns AS other WHERE other.date = ${slot.date} AND ${overlaps('other', slot.time, slot.time + slot.duration)})`;

type SlotRow = typeof freedSlots.$inferSelect;

interface Fitting {
  entryId: number;
  patientId: number;
  email: string;
  name: string;
}

/** Waiting patients whose window fits the slot and who were not offered it yet, earliest entry first. */
async function fittingEntries(db: Db, slot: SlotRow, limit: number): Promise<Fitting[]> {
  const weekday = weekdayOf(slot.date);
  const [rows] = await batchSql(db, [
    sql`
      SELECT w.id AS entryId, w.patient_id AS patientId, u.email AS email, u.name AS name
      FROM waitlist AS w
      JOIN patients AS p ON p.id = w.patient_id
      JOIN users AS u ON u.id = p.user_id
      WHERE w.booked_turn_id IS NULL
        AND w.from_date <= ${slot.date} AND w.to_date >= ${slot.date}
        AND EXISTS (SELECT 1 FROM json_each(w.days) WHERE value = ${weekday})
        AND (w.part = 'any' OR (w.part = 'morning' AND ${slot.time} < 13) OR (w.part = 'afternoon' AND ${slot.time} >= 13))
        AND (w.duration IS NULL OR w.duration <= ${slot.duration + 1e-9})
        AND NOT EXISTS (SELECT 1 FROM waitlist_offers AS o WHERE o.slot_id = ${slot.id} AND o.patient_id = w.patient_id)
      ORDER BY w.created_at, w.id
      LIMIT ${limit}`,
  ]);
  // One offer per patient and slot, even with two entries that fit.
  const seen = new Set<number>();
  return ((rows ?? []) as unknown as Fitting[]).filter(
    (r) => !seen.has(r.patientId) && seen.add(r.patientId),
  );
}

/** D1 binds at most 100 values a statement: multi-row inserts go in chunks of `size` rows. */
function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Access-log rows of the offers' own events (no request: the clinic's object acts). */
async function logEvents(db: Db, action: string, patientIds: number[], slotId: number): Promise<void> {
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

/**
 * One round of offers for a due slot: expires the last round's open offers, claims the round (so
 * the alarm and the cron never both send it), withdraws the slot if a turn stands on it again,
 * and mails up to `batch` fitting patients a link that holds for `holdMinutes`. Answers how many
 * offers went out.
 */
async function offerRound(
  db: Db,
  env: Bindings,
  slot: SlotRow,
  settings: WaitlistSettings,
  timeZone: string,
  now: Date,
  origin: string,
): Promise<number> {
  const nowIso = now.toISOString();
  const expired = await db
    .update(waitlistOffers)
    .set({ state: 'expired' })
    .where(
      sql`${waitlistOffers.slotId} = ${slot.id} AND ${waitlistOffers.state} = 'sent' AND ${waitlistOffers.expiresAt} <= ${nowIso}`,
    )
    .returning({ patientId: waitlistOffers.patientId });
  await logEvents(
    db,
    'waitlist offer expired',
    expired.map((e) => e.patientId),
    slot.id,
  );
  if (turnStart(slot.date, slot.time, timeZone).getTime() <= now.getTime()) {
    await db.update(freedSlots).set({ status: 'exhausted' }).where(eq(freedSlots.id, slot.id));
    return 0;
  }
  const expiresAt = new Date(now.getTime() + settings.holdMinutes * MINUTE).toISOString();
  const [claimed, withdrawn] = await batchSql(db, [
    sql`UPDATE freed_slots SET round = round + 1, status = 'offering', next_at = ${expiresAt}
        WHERE id = ${slot.id} AND round = ${slot.round} AND status IN ('pending', 'offering') AND NOT ${startTaken(slot)}
        RETURNING id`,
    sql`UPDATE freed_slots SET status = 'withdrawn'
        WHERE id = ${slot.id} AND round = ${slot.round} AND status IN ('pending', 'offering') AND ${startTaken(slot)}
        RETURNING id`,
  ]);
  if ((withdrawn?.length ?? 0) > 0 || (claimed?.length ?? 0) === 0) return 0;
  const fitting = await fittingEntries(db, slot, settings.batch);
  if (fitting.length === 0) {
    await db.update(freedSlots).set({ status: 'exhausted' }).where(eq(freedSlots.id, slot.id));
    return 0;
  }
  const tokens = await Promise.all(
    fitting.map(async (f) => {
      const token = randomToken();
      return { ...f, token, hash: await sha256Hex(token) };
    }),
  );
  for (const part of chunks(tokens, 12)) {
    await db
      .insert(waitlistOffers)
      .values(
        part.map((t) => ({
          slotId: slot.id,
          entryId: t.entryId,
          patientId: t.patientId,
          tokenHash: t.hash,
          sentAt: nowIso,
          expiresAt,
        })),
      )
      .onConflictDoNothing();
  }
  const clinic = await findClinic(db);
  let sent = 0;
  for (const t of tokens) {
    const mail = offerMail({
      to: t.email,
      patientName: t.name,
      slot,
      clinicName: clinic?.name ?? 'the clinic',
      expiresAt,
      timeZone,
      url: `${origin}/api/waitlist/offers/${t.token}`,
    });
    try {
      await sendMail(db, env, mail);
      sent += 1;
    } catch (err) {
      console.error('offer not sent', slot.id, t.entryId, err);
    }
  }
  await logEvents(
    db,
    'waitlist offer sent',
    tokens.map((t) => t.patientId),
    slot.id,
  );
  return sent;
}

/**
 * Runs every round of offers that is due at `now` (the clinic's object's alarm, and the cron as a
 * fallback). Answers the mails sent and when the next round is due (null: none waiting).
 */
export async function runOffers(
  env: Bindings,
  now = new Date(),
): Promise<{ sent: number; nextAt: string | null }> {
  const db = openDb(env);
  const clinic = await findClinic(db);
  if (!clinic) return { sent: 0, nextAt: null };
  const settings = await waitlistSettings(db);
  const origin = appOrigin(env);
  const due = await db
    .select()
    .from(freedSlots)
    .where(
      sql`${freedSlots.status} IN ('pending', 'offering') AND ${freedSlots.nextAt} <= ${now.toISOString()}`,
    )
    .orderBy(asc(freedSlots.nextAt))
    .limit(100);
  let sent = 0;
  for (const slot of due) {
    sent += await offerRound(db, env, slot, settings, clinic.timeZone, now, origin);
  }
  const next = await db
    .select({ at: sql<string | null>`min(${freedSlots.nextAt})` })
    .from(freedSlots)
    .where(sql`${freedSlots.status} IN ('pending', 'offering')`)
    .get();
  return { sent, nextAt: next?.at ?? null };
}

/** A claim's outcome: the new turn, or why not. */
export type ClaimResult =
  | { kind: 'won'; turnId: number; date: string; patientId: number }
  | { kind: 'taken'; patientId: number }
  | { kind: 'expired'; patientId: number }
  | { kind: 'invalid' };

interface OfferRow {
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

/** The offer a token names, with its slot; null when no offer has this token. */
export async function offerOf(db: Db, token: string): Promise<OfferRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = await sha256Hex(token);
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
 * Claims an offer: the turn is booked, accepted by both sides, in ONE batch whose insert holds only
 * while the start is free, the slot still on offer and this offer still open: however many claims
 * arrive at once, exactly one inserts, and the slot, the offer and the entry are marked with it
 * (`changes()` chains them to the insert). Every other claim is told the turn was taken, or that
 * its offer expired; a used link is refused like a taken one.
 */
export async function claimOffer(db: Db, token: string, now = new Date()): Promise<ClaimResult> {
  const offer = await offerOf(db, token);
  if (!offer) return { kind: 'invalid' };
  const nowIso = now.toISOString();
  if (offer.state === 'won' || offer.state === 'taken' || offer.status === 'filled') {
    return { kind: 'taken', patientId: offer.patientId };
  }
  if (offer.state === 'expired' || offer.expiresAt <= nowIso)
    return { kind: 'expired', patientId: offer.patientId };
  const duration = offer.entryDuration ?? offer.duration;
  const [inserted] = await batchSql(db, [
    sql`INSERT INTO turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id, is_consultation)
        SELECT ${offer.date}, ${offer.time}, ${duration}, 'Turn from the waitlist', 1, 1, ${offer.medicId}, ${offer.patientId}, 0
        WHERE NOT EXISTS (SELECT 1 FROM turns AS other WHERE other.date = ${offer.date} AND ${overlaps('other', offer.time, offer.time + duration)})
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
  const turnId = inserted?.[0]?.id as number | undefined;
  if (turnId === undefined) {
    const again = await offerOf(db, token);
    if (
      again &&
      again.state !== 'taken' &&
      again.status !== 'filled' &&
      again.expiresAt <= new Date().toISOString()
    ) {
      return { kind: 'expired', patientId: offer.patientId };
    }
    return { kind: 'taken', patientId: offer.patientId };
  }
  return { kind: 'won', turnId, date: offer.date, patientId: offer.patientId };
}
