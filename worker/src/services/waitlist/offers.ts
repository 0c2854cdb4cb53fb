import type { Turn } from '../../contract/answers';
import { turnStart } from '../../contract/turns';
import { type Db, openDb } from '../../db/client';
import { findClinic } from '../../db/clinics.repo';
import type { Bindings } from '../../env';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { CLINIC } from '../live/announce';
import { sendMail } from '../mail';
import { appOrigin } from '../reminders';
import { offerMail } from './offer-mail';
import {
  bookOffer,
  claimRound,
  dueSlots,
  exhaustSlot,
  expireOffers,
  fittingEntries,
  insertFreedSlot,
  insertOffers,
  logEvents,
  nextRoundAt,
  type OfferRow,
  offerByHash,
  type SlotRow,
  type WaitlistSettings,
  waitlistSettings,
} from './offers.repo';

// The settings' query lives in the repository; callers keep asking this module for them.
export { type WaitlistSettings, waitlistSettings };

const MINUTE = 60_000;

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
  const id = await insertFreedSlot(db, {
    date: turn.date,
    time: turn.time,
    duration: turn.duration,
    medicId: turn.MedicID,
    freedAt: now.toISOString(),
    nextAt: nextAt.toISOString(),
  });
  await wakeOffersAt(env, nextAt);
  return id;
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
  const expired = await expireOffers(db, slot.id, nowIso);
  await logEvents(db, 'waitlist offer expired', expired, slot.id);
  if (turnStart(slot.date, slot.time, timeZone).getTime() <= now.getTime()) {
    await exhaustSlot(db, slot.id);
    return 0;
  }
  const expiresAt = new Date(now.getTime() + settings.holdMinutes * MINUTE).toISOString();
  const round = await claimRound(db, slot, expiresAt);
  if (round.withdrawn || !round.claimed) return 0;
  const fitting = await fittingEntries(db, slot, settings.batch);
  if (fitting.length === 0) {
    await exhaustSlot(db, slot.id);
    return 0;
  }
  const tokens = await Promise.all(
    fitting.map(async (f) => {
      const token = randomToken();
      return { ...f, token, hash: await sha256Hex(token) };
    }),
  );
  await insertOffers(db, slot.id, tokens, nowIso, expiresAt);
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
      dateOrder: clinic?.dateOrder,
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
  const due = await dueSlots(db, now.toISOString());
  let sent = 0;
  for (const slot of due) {
    sent += await offerRound(db, env, slot, settings, clinic.timeZone, now, origin);
  }
  return { sent, nextAt: await nextRoundAt(db) };
}

/** A claim's outcome: the new turn, or why not. */
export type ClaimResult =
  | { kind: 'won'; turnId: number; date: string; patientId: number }
  | { kind: 'taken'; patientId: number }
  | { kind: 'expired'; patientId: number }
  | { kind: 'invalid' };

/** The offer a token names, with its slot; null when no offer has this token. */
export async function offerOf(db: Db, token: string): Promise<OfferRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = await sha256Hex(token);
  return offerByHash(db, hash);
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
  const turnId = await bookOffer(db, offer, duration, nowIso);
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
