import { asc, desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clinics, outbox } from '../db/schema';

/** The clinic's name, the mails' sender name (none before the initial config). */
export async function clinicName(db: Db): Promise<string | undefined> {
  const row = await db.select({ name: clinics.name }).from(clinics).orderBy(asc(clinics.id)).limit(1).get();
  return row?.name;
}

/** Keeps a local mail in the outbox (`GET /api/dev/outbox` shows it). */
export async function keepInOutbox(
  db: Db,
  mail: {
    to: string;
    subject: string;
    body: string;
    calendar?: string | null;
    attachmentName?: string | null;
    attachment?: string | null;
  },
): Promise<void> {
  await db.insert(outbox).values(mail);
}

/** The latest local mails, newest first (`GET /api/dev/outbox`). */
export function latestOutbox(db: Db) {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);
}
