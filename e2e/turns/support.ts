import { DEMO_CLINIC } from '@clinic/worker/demo';

/** A Monday-to-Friday date at least `days` days after today in the demo clinic's zone, 'YYYY-MM-DD'. */
export function workdayAfter(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_CLINIC.timeZone }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
