/** The report's periods: this month, the last 3 or 12 months (this one included), or from–to. */
export type PeriodKind = 'month' | 'last3' | 'last12' | 'range';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The first day of the month `back` months before `today`'s (YYYY-MM-DD). */
export function monthStart(today: string, back: number): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1 - back;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${year}-${pad2(month + 1)}-01`;
}

/** The dates a period asks the report for; a from–to period gives its own. */
export function periodDates(kind: PeriodKind, today: string, range: { from: string; to: string }) {
  if (kind === 'month') return { from: monthStart(today, 0), to: today };
  if (kind === 'last3') return { from: monthStart(today, 2), to: today };
  if (kind === 'last12') return { from: monthStart(today, 11), to: today };
  return range;
}

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
