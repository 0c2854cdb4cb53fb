import type { Clinic } from '../../contract/clinic';
import { parseOfficeHours } from '../../contract/office-hours';
import { freeSlots, weekdayOf } from '../../contract/slots';
import { firstBookableDate, nextDay } from '../../contract/turns';
import type { Db } from '../../db/client';
import { bookedOn } from '../../db/turns.repo';
import type { Bindings } from '../../env';
import { freeStart } from './offers';
import { openEntryWindows } from './offers.repo';

/** How far ahead opened hours are offered, and at most how many starts one change frees. */
const DAYS_AHEAD = 60;
const MAX_STARTS = 50;

/**
 * Hours opened (a clinic's office hours changed): each start of the standard length that the new
 * hours allow and the old did not, free of turns, on a date some waiting patient's window and
 * weekdays cover, goes to the waitlist like a cancelled one. Answers how many starts were freed.
 */
export async function offerOpenedHours(
  db: Db,
  env: Bindings,
  before: Clinic | null,
  after: Clinic,
  now = new Date(),
): Promise<number> {
  if (!before || before.officeHours === after.officeHours) return 0;
  const oldHours = parseOfficeHours(before.officeHours);
  const newHours = parseOfficeHours(after.officeHours);
  if (!oldHours || !newHours) return 0;
  const entries = await openEntryWindows(db);
  if (entries.length === 0) return 0;
  const windows = entries.map((e) => ({ ...e, days: JSON.parse(e.days) as number[] }));
  const std = after.turnStandardDuration;
  let date = firstBookableDate(now, after.timeZone);
  let freed = 0;
  for (let i = 0; i < DAYS_AHEAD && freed < MAX_STARTS; i++, date = nextDay(date)) {
    const weekday = weekdayOf(date);
    if (!windows.some((w) => w.from <= date && w.to >= date && w.days.includes(weekday))) continue;
    const wasOpen = new Set(freeSlots(oldHours, std, [], date));
    const opened = freeSlots(newHours, std, [], date).filter((t) => !wasOpen.has(t));
    if (opened.length === 0) continue;
    const booked = await bookedOn(db, date, 1);
    for (const time of freeSlots(newHours, std, booked, date)) {
      if (freed >= MAX_STARTS || !opened.includes(time)) continue;
      await freeStart(db, env, { date, time, duration: std, MedicID: 1 }, now);
      freed += 1;
    }
  }
  return freed;
}
