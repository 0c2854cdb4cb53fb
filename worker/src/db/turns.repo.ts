import { and, eq, type SQL, sql } from 'drizzle-orm';
import { batchSql, type Db } from './client';
import { turns } from './schema';

/** What is already booked on a date in one medic's book, for the free-slot rule. */
export function bookedOn(db: Db, date: string, medicId: number) {
  return db
    .select({ date: turns.date, time: turns.time, duration: turns.duration })
    .from(turns)
    .where(and(eq(turns.date, date), eq(turns.medicId, medicId)));
}

// Decimal hours are not exact in binary; touching ends must not count as overlapping.
const EPSILON = 1e-9;

/**
 * The one overlap rule of booking and moving, in SQL: the stored turn `alias` overlaps a turn from
 * `start` to `end` when both start at the same time (whatever their durations) or their spans cross.
 */
export const overlaps = (alias: string, start: number, end: number): SQL => {
  const time = sql.raw(`${alias}.time`);
  const duration = sql.raw(`${alias}.duration`);
  return sql`(abs(${time} - ${start}) < ${EPSILON} OR (${time} < ${end - EPSILON} AND ${start} < ${time} + ${duration} - ${EPSILON}))`;
};

/**
 * Whether a turn of `slot`'s medic overlaps it (the rule above): what booking's insert and a move's
 * update refuse, read without writing (a dry run of a booking or a move, a start the desk offers by
 * hand). `except`: the turn being moved, which never stands in its own way.
 */
export async function medicBusy(
  db: Db,
  slot: { date: string; time: number; duration: number; medicId: number; except?: number },
): Promise<boolean> {
  const except = slot.except === undefined ? sql`` : sql` AND other.id <> ${slot.except}`;
  const [rows] = await batchSql(db, [
    sql`SELECT 1 AS x FROM turns AS other
        WHERE other.date = ${slot.date} AND other.medic_id = ${slot.medicId} AND ${overlaps('other', slot.time, slot.time + slot.duration)}${except}
        LIMIT 1`,
  ]);
  return (rows?.length ?? 0) > 0;
}
