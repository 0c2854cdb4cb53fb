import type { OfficeHours } from './office-hours';

/** Turns start on this step across a 0–24 h day. */
export const SLOT_STEP = 0.5;

/** A turn that already holds time on a date: start and duration in decimal hours. */
export interface BookedTurn {
  date: string;
  time: number;
  duration: number;
}

// Decimal hours like 1/3 h are not exact in binary; comparisons allow for that.
const EPSILON = 1e-9;

/**
 * Whether `time` is a start `freeSlots` can offer: on the step across the day. A patient may ask only
 * for an offered start, so a request between two slots cannot hold both.
 */
export function isOfferedStart(time: number, step: number = SLOT_STEP): boolean {
  const steps = time / step;
  return time >= 0 && time < 24 && Math.abs(steps - Math.round(steps)) < EPSILON;
}

/** Weekday (0 = Sunday) of a calendar date 'YYYY-MM-DD'; the date is already the clinic's local date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
}

/** True when [time, time + duration] lies wholly inside one range of that date's office hours. */
export function fitsOfficeHours(
  officeHours: OfficeHours,
  date: string,
  time: number,
  duration: number,
): boolean {
  if (!(duration > 0)) return false;
  const day = officeHours[weekdayOf(date)] ?? [];
  return day.some((r) => time >= r.min - EPSILON && time + duration <= r.max + EPSILON);
}

/**
 * True when [time, time + duration] overlaps a turn of that date (touching ends do not overlap).
 * Two turns starting at the same time always overlap, whatever their durations.
 */
export function overlapsTurn(
  turns: readonly BookedTurn[],
  date: string,
  time: number,
  duration: number,
): boolean {
  return turns.some(
    (t) =>
      t.date === date &&
      (Math.abs(t.time - time) < EPSILON ||
        (time < t.time + t.duration - EPSILON && t.time < time + duration - EPSILON)),
  );
}

/** The turn-creation rule: inside office hours and not overlapping an existing turn. */
export function isSlotFree(
  officeHours: OfficeHours,
  turns: readonly BookedTurn[],
  date: string,
  time: number,
  duration: number,
): boolean {
  return fitsOfficeHours(officeHours, date, time, duration) && !overlapsTurn(turns, date, time, duration);
}

/**
 * The free slots of a date: every start on the step across the day where a turn of the standard
 * duration fits the office hours and overlaps no existing turn. Answers decimal start hours.
 */
export function freeSlots(
  officeHours: OfficeHours,
  standardDurationHours: number,
  existingTurns: readonly BookedTurn[],
  date: string,
  step: number = SLOT_STEP,
): number[] {
  if (!(standardDurationHours > 0) || !(step > 0)) return [];
  const slots: number[] = [];
  const count = Math.floor(24 / step + EPSILON);
  for (let i = 0; i < count; i++) {
    const time = i * step;
    if (isSlotFree(officeHours, existingTurns, date, time, standardDurationHours)) slots.push(time);
  }
  return slots;
}
