import { type DateOrder, DEFAULT_DATE_ORDER, formatDay, longDate } from '@clinic/worker/contract';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** The clinic's date order, set when the clinic is read (month/day/year until then, SPEC's). */
let dateOrder: DateOrder = DEFAULT_DATE_ORDER;

export function setDateOrder(order: DateOrder | undefined): void {
  dateOrder = order === 'dmy' ? 'dmy' : DEFAULT_DATE_ORDER;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * In the clinic's date order: month/day/year (SPEC's, the default) or day/month/year. A plain
 * `YYYY-MM-DD` is read as a calendar date, never shifted by the browser's time zone; full
 * timestamps are shown in local time. Invalid input gives ''.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (m && value.length === 10) return formatDay(value, dateOrder);
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return formatDay(`${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`, dateOrder);
}

/**
 * A `YYYY-MM-DD` with its weekday and the month's name, in the clinic's order ('Tuesday, December
 * 1, 2026'): for the patient's own turns, where a misread day sends them on the wrong one.
 */
export function formatLongDate(date: string): string {
  return longDate(date, dateOrder);
}

/** Decimal hours of a duration to whole minutes (0.5 → 30), as screens show durations. */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** 'jOHN' → 'John' (patient cards show capitalised names). */
export function capitalize(word: string): string {
  if (!word) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Today's date as local `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/**
 * A list's count in words: '1 patient', '12 patients', and '80+ patients' when the count is only a
 * lower bound (a search with many matches stops counting past the page; see ListPage).
 */
export function countOf(count: { total: number; exact: boolean }, noun: string): string {
  const plural = count.total === 1 && count.exact ? noun : `${noun}s`;
  return `${count.total}${count.exact ? '' : '+'} ${plural}`;
}
