import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Recall } from '../../contract/waitlist';
import { addMonths } from '../../contract/waitlist';
import { type Db, plainReader, type Reader } from '../../db/client';
import { patients, recalls, treatments, users } from '../../db/schema';

/**
 * A visit note with a treatment that carries a recall interval sets the patient's recall due date:
 * the visit's date plus the interval (the newest visit wins; an older note entered late does not
 * move it back). Answers the due date set, or null when the treatment carries none.
 */
export async function setRecallFromVisit(
  db: Db,
  patientId: number,
  treatmentId: string,
  visitDate: string,
): Promise<string | null> {
  const row = await db
    .select({ months: treatments.recallMonths })
    .from(treatments)
    .where(eq(treatments.id, treatmentId))
    .get();
  if (!row?.months) return null;
  const dueDate = addMonths(visitDate, row.months);
  await db
    .insert(recalls)
    .values({ patientId, dueDate, lastVisit: visitDate })
    .onConflictDoUpdate({
      target: recalls.patientId,
      set: {
        dueDate,
        lastVisit: visitDate,
        status: 'open',
        mailedAt: null,
        updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
      },
      setWhere: sql`${recalls.lastVisit} <= ${visitDate}`,
    });
  return dueDate;
}

const recallColumns = {
  ID: recalls.id,
  PatientID: recalls.patientId,
  name: users.name,
  lastName: users.lastName,
  telephone: users.cellphone,
  email: users.email,
  dueDate: recalls.dueDate,
  lastVisit: recalls.lastVisit,
  status: recalls.status,
  mailedAt: recalls.mailedAt,
};

/**
 * The tab's condition: due this month (from today to the month's end), overdue, contacted, booked.
 * A patient with a turn from today on has been booked, whatever the recall's own status says.
 */
function tabWhere(tab: 'due' | 'overdue' | 'contacted' | 'booked', today: string): SQL | undefined {
  const monthEnd = addMonths(`${today.slice(0, 7)}-01`, 1);
  const booked = sql`EXISTS (SELECT 1 FROM turns WHERE turns.patient_id = ${recalls.patientId} AND turns.date >= ${today})`;
  const notBooked = sql`NOT ${booked}`;
  if (tab === 'due')
    return and(
      eq(recalls.status, 'open'),
      gte(recalls.dueDate, today),
      lt(recalls.dueDate, monthEnd),
      notBooked,
    );
  if (tab === 'overdue') return and(eq(recalls.status, 'open'), lt(recalls.dueDate, today), notBooked);
  if (tab === 'contacted') return and(eq(recalls.status, 'contacted'), notBooked);
  return sql`(${recalls.status} = 'booked' OR (${recalls.status} IN ('open', 'contacted') AND ${booked}))`;
}

/** The desk's recall list of a tab, by due date, with the access-log row of its patients. */
export async function listRecalls(
  db: Db,
  tab: 'due' | 'overdue' | 'contacted' | 'booked',
  today: string,
  read: Reader = plainReader(db),
): Promise<Recall[]> {
  const where = tabWhere(tab, today);
  const page = db
    .select(recallColumns)
    .from(recalls)
    .innerJoin(patients, eq(patients.id, recalls.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(where)
    .orderBy(asc(recalls.dueDate), asc(recalls.id))
    .limit(500);
  const ids = db
    .select({ id: recalls.patientId })
    .from(recalls)
    .where(where)
    .orderBy(asc(recalls.dueDate))
    .limit(500);
  const [rows] = await read([page], { patientIds: ids });
  return rows.map(({ name, lastName, ...r }) => ({
    ...r,
    patientName: `${name} ${lastName}`.trim(),
    telephone: r.telephone ?? '',
    status: r.status as Recall['status'],
  }));
}

/** The desk marks a recall contacted or dismissed; answers its patient, or null when there is none. */
export async function setRecallStatus(
  db: Db,
  id: number,
  status: 'contacted' | 'dismissed',
): Promise<number | null> {
  const rows = await db
    .update(recalls)
    .set({ status, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(eq(recalls.id, id))
    .returning({ patientId: recalls.patientId });
  return rows[0]?.patientId ?? null;
}

export async function findRecall(db: Db, id: number): Promise<Recall | null> {
  const row = await db
    .select(recallColumns)
    .from(recalls)
    .innerJoin(patients, eq(patients.id, recalls.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(recalls.id, id))
    .get();
  if (!row) return null;
  const { name, lastName, ...r } = row;
  return {
    ...r,
    patientName: `${name} ${lastName}`.trim(),
    telephone: r.telephone ?? '',
    status: r.status as Recall['status'],
  };
}

export async function myRecallDue(db: Db, patientId: number): Promise<string | null> {
  const row = await db
    .select({ dueDate: recalls.dueDate })
    .from(recalls)
    .where(and(eq(recalls.patientId, patientId), inArray(recalls.status, ['open', 'contacted'])))
    .get();
  return row?.dueDate ?? null;
}
