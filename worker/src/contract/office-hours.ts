/**
 * Office hours (Clinic, Working hours entry): seven entries, Sunday first (weekday 0–6).
 * An entry is empty when the clinic is closed that day, otherwise a morning range and an afternoon
 * range, each with a min and a max in decimal hours (9.5 = 09:30). A day with only one range
 * (morning only) is accepted too.
 */
export interface HourRange {
  min: number;
  max: number;
}

export type DayHours = HourRange[];

/** Seven entries, Sunday first. */
export type OfficeHours = DayHours[];

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Shown for a day without working hours. */
export const CLOSED = 'CLOSED';

export function emptyOfficeHours(): OfficeHours {
  return Array.from({ length: 7 }, () => []);
}

/**
 * The fraction of an hour a minute entry stands for: 30 → .5 and 45 → .75 as says, and
 * 15 → .25 as well; any other minute value counts as the whole hour.
 */
export function minutesToDecimal(minutes: number): number {
  if (minutes === 15) return 0.25;
  if (minutes === 30) return 0.5;
  if (minutes === 45) return 0.75;
  return 0;
}

/**
 * 'HH:MM' (an `<input type="time">` value) to decimal hours: '09:30' → 9.5. Null when malformed.
 * Office hours count minutes by the quarter rule above; a turn's time (`exact`) keeps every minute
 * ('09:40' → 9.666…), as its duration does.
 */
export function timeToDecimal(time: string, { exact = false }: { exact?: boolean } = {}): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours + (exact ? minutes / 60 : minutesToDecimal(minutes));
}

/** Decimal hours to 'HH:MM' in 24-hour style, for time inputs and turn times: 9.5 → '09:30'. */
export function decimalToTime(hours: number): string {
  const totalMinutes = Math.round(hours * 60);
  const h = Math.floor(totalMinutes / 60) % 24;
  const m = totalMinutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Decimal hours in 12-hour style, AM before noon and PM from noon: 9.5 → '9:30 AM', 13 → '1:00 PM'. */
export function formatHour12(hours: number): string {
  const totalMinutes = Math.round(hours * 60) % (24 * 60);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** '9:00 AM - 1:00 PM' */
export function formatRange12h(range: HourRange): string {
  return `${formatHour12(range.min)} - ${formatHour12(range.max)}`;
}

/** '09:00 - 13:00': a range in 24-hour HH:MM, the one way the app writes a time. */
export function formatRange24h(range: HourRange): string {
  return `${decimalToTime(range.min)} - ${decimalToTime(range.max)}`;
}

/**
 * One day of the summary: its ranges in 24-hour HH:MM like every other time of the app (turns,
 * mails, the calendar), not SPEC's 12-hour style (docs/product.md says why), or 'CLOSED'.
 */
export function daySummary(day: DayHours | undefined): string {
  if (!day || day.length === 0) return CLOSED;
  return day.map(formatRange24h).join(' / ');
}

export function hasWorkingDay(hours: OfficeHours): boolean {
  return hours.some((day) => day.length > 0);
}

const isWeekday = (weekday: number): boolean => weekday >= 1 && weekday <= 5;

/**
 * Sets one day's hours. On the first entry of the initial form (`fillWeekdaysOnFirstEntry` and no
 * day set yet), hours set on a weekday (Monday to Friday) fill all five weekdays; Sunday and
 * Saturday are always set alone.
 */
export function setDayHours(
  hours: OfficeHours,
  weekday: number,
  day: DayHours,
  options: { fillWeekdaysOnFirstEntry?: boolean } = {},
): OfficeHours {
  const next = Array.from({ length: 7 }, (_, i) => (hours[i] ?? []).map((r) => ({ ...r })));
  const fill = options.fillWeekdaysOnFirstEntry && !hasWorkingDay(hours) && isWeekday(weekday);
  for (let i = 0; i < 7; i++) {
    if (i === weekday || (fill && isWeekday(i))) next[i] = day.map((r) => ({ ...r }));
  }
  return next;
}

const isRange = (value: unknown): value is HourRange => {
  if (typeof value !== 'object' || value === null) return false;
  const { min, max } = value as Record<string, unknown>;
  return (
    typeof min === 'number' &&
    typeof max === 'number' &&
    Number.isFinite(min) &&
    Number.isFinite(max) &&
    min >= 0 &&
    max <= 24 &&
    min < max
  );
};

/** Seven entries, each empty or one or two ranges within 0–24 h, in order and not overlapping. */
export function isOfficeHours(value: unknown): value is OfficeHours {
  if (!Array.isArray(value) || value.length !== 7) return false;
  return value.every((day) => {
    if (!Array.isArray(day) || day.length > 2 || !day.every(isRange)) return false;
    const [morning, afternoon] = day as HourRange[];
    return !morning || !afternoon || morning.max <= afternoon.min;
  });
}

/** The stored JSON text to office hours; null when it is not valid office hours. */
export function parseOfficeHours(text: string): OfficeHours | null {
  try {
    const value: unknown = JSON.parse(text);
    return isOfficeHours(value) ? value : null;
  } catch {
    return null;
  }
}

/** Office hours as the JSON text the API stores and answers. */
export function formatOfficeHours(hours: OfficeHours): string {
  return JSON.stringify(hours.map((day) => day.map(({ min, max }) => ({ min, max }))));
}
