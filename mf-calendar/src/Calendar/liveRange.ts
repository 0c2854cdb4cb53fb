import type { Turn } from '@clinic/worker/contract';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * What a screen holding `range` reads again after the live agenda's `changed` dates
 * (`changesSince`): the whole range for a refresh (null), nothing when no changed date is in it,
 * else the span from the first changed date in it to the last (one day for a booking or a cancel).
 */
export function spanToRead(changed: readonly string[] | null, range: DateRange): DateRange | null {
  if (changed === null) return range;
  const inRange = changed.filter((d) => d >= range.from && d <= range.to).sort();
  const first = inRange[0];
  const last = inRange.at(-1);
  return first && last ? { from: first, to: last } : null;
}

/** `held` with the days of `span` replaced by `fresh`, in the server's order (date, time, ID). */
export function replaceDays(held: readonly Turn[], span: DateRange, fresh: readonly Turn[]): Turn[] {
  return [...held.filter((t) => t.date < span.from || t.date > span.to), ...fresh].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time - b.time || a.ID - b.ID,
  );
}
