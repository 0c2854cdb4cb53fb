import * as v from 'valibot';
import { MSG } from './messages';
import { isCalendarDate } from './person';

/**
 * Live agenda: a change to turns reaches every open calendar, "My turns" and free-slot screen
 * through the clinic's Durable Object, as a notice of the dates and turn IDs it touched. A notice
 * never carries patient data: the screen refetches what it shows, under its own access rule.
 */

const calendarDate = v.pipe(v.string(), v.check(isCalendarDate, MSG.invalidDate));

/** What a write sends to the clinic's object once its batch has committed. */
export const LiveNoticeSchema = v.object({
  dates: v.array(calendarDate),
  ids: v.array(v.pipe(v.number(), v.integer())),
});
export type LiveNotice = v.InferOutput<typeof LiveNoticeSchema>;

/** A screen watches at most a month grid's six weeks, and a little more. */
export const LIVE_MAX_DAYS = 62;

const dayCount = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** The dates one screen shows: `GET /api/turns/live?from=&to=`, and the message that changes them. */
export const LiveWatchSchema = v.pipe(
  v.object({ from: calendarDate, to: calendarDate }),
  v.check(({ from, to }) => from <= to && dayCount(from, to) <= LIVE_MAX_DAYS, MSG.invalidDate),
);
export type LiveWatch = v.InferOutput<typeof LiveWatchSchema>;

const shiftDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The dates a calendar watches: its view's, and the date 'Turns details' shows when it lies outside
 * them and one range can still hold both; else the view's alone.
 */
export function calendarWatch(view: LiveWatch, detailsDate: string): LiveWatch {
  const from = detailsDate < view.from ? detailsDate : view.from;
  const to = detailsDate > view.to ? detailsDate : view.to;
  return dayCount(from, to) <= LIVE_MAX_DAYS ? { from, to } : view;
}

/**
 * The dates a patient's appointment screen watches: their turns from today on and the free slots
 * of `day`, as one range of the longest span a screen may watch, from today (or ending at `day`
 * when it is further away).
 */
export function appointmentWatch(today: string, day: string): LiveWatch {
  const last = shiftDays(today, LIVE_MAX_DAYS - 1);
  return day <= last ? { from: today, to: last } : { from: shiftDays(day, 1 - LIVE_MAX_DAYS), to: day };
}

/** A message a screen may send on its socket: it now shows other dates. */
export const LiveMessageSchema = v.object({ watch: LiveWatchSchema });

/**
 * One open screen: what it watches and who is looking. A medic sees every turn; a patient may
 * learn only that a slot changed on a date (free or taken, as `GET /api/turns/free` shows
 * anyway), so turn IDs are never sent to them.
 */
export interface LiveWatcher extends LiveWatch {
  role: 'medic' | 'patient';
}

/** The notice one screen is sent: only the dates it shows; nothing when none of them changed. */
export function noticeFor(watcher: LiveWatcher, notice: LiveNotice): LiveNotice | null {
  const dates = notice.dates.filter((d) => d >= watcher.from && d <= watcher.to);
  if (dates.length === 0) return null;
  return { dates, ids: watcher.role === 'medic' ? notice.ids : [] };
}

/** A notice of these turns' dates (a move names both the old and the new date), each date once. */
export function turnsNotice(turns: { ID: number; date: string }[], alsoDates: string[] = []): LiveNotice {
  const dates = [...new Set([...turns.map((t) => t.date), ...alsoDates])].sort();
  return { dates, ids: [...new Set(turns.map((t) => t.ID))] };
}
