/**
 * How people read dates. SPEC writes month/day/year; a clinic whose patients read day/month/year
 * chooses that order in its settings, and every screen, mail and PDF follows it. Where a misread
 * date would send a patient on the wrong day (the booking mail, the reminder, the patient's own
 * turns) the month is written as a word, which no order can misread.
 */
export const DATE_ORDERS = ['mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DEFAULT_DATE_ORDER: DateOrder = 'mdy';

export const isDateOrder = (x: unknown): x is DateOrder => DATE_ORDERS.includes(x as DateOrder);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' in the clinic's order: '12/01/2026' (mdy) or '01/12/2026' (dmy); other text as given. */
export function formatDay(date: string, order: DateOrder = DEFAULT_DATE_ORDER): string {
  const m = ISO_DATE.exec(date);
  if (!m) return date;
  return order === 'dmy' ? `${m[3]}/${m[2]}/${m[1]}` : `${m[2]}/${m[3]}/${m[1]}`;
}

/**
 * 'YYYY-MM-DD' with its weekday and the month's name, in the clinic's order:
 * 'Tuesday, December 1, 2026' (mdy) or 'Tuesday, 1 December 2026' (dmy).
 */
export function longDate(date: string, order: DateOrder = DEFAULT_DATE_ORDER): string {
  const m = ISO_DATE.exec(date);
  if (!m) return date;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const month = MONTHS[mo - 1];
  if (!month) return date;
  const weekday = WEEKDAYS[new Date(Date.UTC(y, mo - 1, d)).getUTCDay()];
  return order === 'dmy' ? `${weekday}, ${d} ${month} ${y}` : `${weekday}, ${month} ${d}, ${y}`;
}
