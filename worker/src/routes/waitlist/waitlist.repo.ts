import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { WaitlistEntry, WaitlistInput, WaitlistOffer } from '../../contract/waitlist';
import { type Db, plainReader, type Reader } from '../../db/client';
import { freedSlots, patients, users, waitlist, waitlistOffers } from '../../db/schema';

const entryColumns = {
  ID: waitlist.id,
  PatientID: waitlist.patientId,
  name: users.name,
  lastName: users.lastName,
  telephone: users.cellphone,
  from: waitlist.fromDate,
  to: waitlist.toDate,
  days: waitlist.days,
  part: waitlist.part,
  duration: waitlist.duration,
  createdAt: waitlist.createdAt,
  bookedTurnID: waitlist.bookedTurnId,
};

const selectEntries = (db: Db, where: SQL | undefined) =>
  db
    .select(entryColumns)
    .from(waitlist)
    .innerJoin(patients, eq(patients.id, waitlist.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(where)
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id));

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['all']>>[number];

function toEntry(row: EntryRow, offers: WaitlistOffer[]): WaitlistEntry {
  const { name, lastName, days, part, ...rest } = row;
  let parsed: number[] = [];
  try {
    parsed = JSON.parse(days) as number[];
  } catch {
    parsed = [];
  }
  return {
    ...rest,
    telephone: rest.telephone ?? '',
    patientName: `${name} ${lastName}`.trim(),
    days: parsed,
    part: part as WaitlistEntry['part'],
    offers,
  };
}

/**
 * The waitlist (every entry, or one patient's), earliest first, each with the offers it was sent.
 * The entries and their access-log row (the patients listed) go as one batch; the offers follow.
 */
export async function listEntries(
  db: Db,
  patientId: number | null,
  read: Reader = plainReader(db),
): Promise<WaitlistEntry[]> {
  const where = patientId === null ? undefined : eq(waitlist.patientId, patientId);
  const ids = db.select({ id: waitlist.patientId }).from(waitlist).where(where);
  const [rows] = await read([selectEntries(db, where)], { patientIds: ids });
  if (rows.length === 0) return [];
  const offers = await db
    .select({
      entryId: waitlistOffers.entryId,
      ID: waitlistOffers.id,
      date: freedSlots.date,
      time: freedSlots.time,
      sentAt: waitlistOffers.sentAt,
      expiresAt: waitlistOffers.expiresAt,
      state: waitlistOffers.state,
    })
    .from(waitlistOffers)
    .innerJoin(freedSlots, eq(freedSlots.id, waitlistOffers.slotId))
    .where(
      inArray(
        waitlistOffers.entryId,
        rows.map((r) => r.ID),
      ),
    )
    .orderBy(asc(waitlistOffers.sentAt), asc(waitlistOffers.id));
  const byEntry = new Map<number, WaitlistOffer[]>();
  for (const { entryId, ...offer } of offers) {
    const list = byEntry.get(entryId) ?? [];
    list.push({ ...offer, state: offer.state as WaitlistOffer['state'] });
    byEntry.set(entryId, list);
  }
  return rows.map((r) => toEntry(r, byEntry.get(r.ID) ?? []));
}

export async function findEntry(db: Db, id: number): Promise<WaitlistEntry | null> {
  const [row] = await selectEntries(db, eq(waitlist.id, id));
  return row ? toEntry(row, []) : null;
}

export async function addEntry(db: Db, patientId: number, input: WaitlistInput): Promise<number> {
  const [row] = await db
    .insert(waitlist)
    .values({
      patientId,
      fromDate: input.from,
      toDate: input.to,
      days: JSON.stringify(input.days),
      part: input.part,
      duration: input.duration,
    })
    .returning({ id: waitlist.id });
  if (!row) throw new Error('waitlist insert answered no row');
  return row.id;
}

/** Removes an entry (of `patientId` when given); answers whether one was removed. */
export async function removeEntry(db: Db, id: number, patientId: number | null): Promise<boolean> {
  const where =
    patientId === null ? eq(waitlist.id, id) : and(eq(waitlist.id, id), eq(waitlist.patientId, patientId));
  const rows = await db.delete(waitlist).where(where).returning({ id: waitlist.id });
  return rows.length > 0;
}

/** The patient an entry belongs to, or null. */
export async function entryPatient(db: Db, id: number): Promise<number | null> {
  const row = await db.select({ p: waitlist.patientId }).from(waitlist).where(eq(waitlist.id, id)).get();
  return row?.p ?? null;
}
