import { localDate, MSG } from '@clinic/worker/contract';

/** The clinic's today ('YYYY-MM-DD' in its time zone; UTC until the clinic is read). */
export const clinicToday = (timeZone: string | undefined, now: Date = new Date()): string =>
  localDate(now, timeZone || 'UTC');

/**
 * Why a budget cannot be paid online: its quote expired (its validity date is before the clinic's
 * today), so the patient asks the clinic for a new one instead of paying. Null while it holds, on
 * its last day too, and for a quote with no validity date. `formatDate` writes the date in the
 * clinic's order, as the server's refusal does.
 */
export function quoteExpiredNotice(
  budget: { validUntil: string | null },
  today: string,
  formatDate: (date: string) => string,
): string | null {
  const until = budget.validUntil;
  if (!until || until >= today) return null;
  return MSG.quoteExpired.replace('{date}', formatDate(until));
}
