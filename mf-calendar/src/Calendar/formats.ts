import { formatDate, hoursToMinutes } from '@clinic/kit';
import { decimalToTime, MSG, type Turn } from '@clinic/worker/contract';
import type { DateRange, Formats } from 'react-big-calendar';

/** A turn's wall-clock start in the clinic ('2026-11-25' at 9.5), as a browser Date for the grids. */
export function turnStart(date: string, time: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 0, hoursToMinutes(time));
}

/**
 * A turn's text in the week and day grids (also its accessible name): its start, the patient and
 * what it still waits for. The week's narrow columns put the patient first, so that a short turn,
 * one line high, shows who it is for rather than only when it starts.
 */
export function turnText(
  turn: Pick<Turn, 'userPatient' | 'patientAccepts' | 'emailConfirmed'>,
  time: number,
  patientFirst = false,
): string {
  const start = decimalToTime(time);
  const patient = `${turn.userPatient.lastName}, ${turn.userPatient.name}`;
  const status = `${turn.patientAccepts ? '' : ` (${MSG.pending})`}${turn.emailConfirmed ? '' : ` (${MSG.unconfirmedEmail})`}`;
  return `${patientFirst ? `${patient} ${start}` : `${start} ${patient}`}${status}`;
}

/** A browser Date's wall-clock time as the rest of the app writes it: 24-hour 'HH:MM'. */
export const clockTime = (at: Date): string => decimalToTime(at.getHours() + at.getMinutes() / 60);

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const LONG_WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long' });

const timeRange = ({ start, end }: DateRange): string => `${clockTime(start)} – ${clockTime(end)}`;
const dateRange = ({ start, end }: DateRange): string => `${formatDate(start)} – ${formatDate(end)}`;

/**
 * react-big-calendar's `formats` in the app's words: times as the kit writes them (24-hour HH:MM,
 * the Turns details' '09:00') in the gutter, the events and the agenda, and dates as SPEC's
 * month/day/year through the kit's formatDate, instead of the library's '9:00 AM' and 'Wed Nov 25'.
 * The month view's 'November 2026' heading and day numbers stay the library's.
 */
export const CALENDAR_FORMATS: Formats = {
  timeGutterFormat: clockTime,
  eventTimeRangeFormat: timeRange,
  eventTimeRangeStartFormat: ({ start }) => `${clockTime(start)} –`,
  eventTimeRangeEndFormat: ({ end }) => `– ${clockTime(end)}`,
  selectRangeFormat: timeRange,
  agendaTimeFormat: clockTime,
  agendaTimeRangeFormat: timeRange,
  agendaDateFormat: (date) => `${WEEKDAY.format(date)} ${formatDate(date)}`,
  // The week's seven narrow columns: the day without its year, which the range above them shows.
  dayFormat: (date) => `${WEEKDAY.format(date)} ${formatDate(date).replace(/\/\d{4}$/, '')}`,
  dayHeaderFormat: (date) => `${LONG_WEEKDAY.format(date)} ${formatDate(date)}`,
  dayRangeHeaderFormat: dateRange,
  agendaHeaderFormat: dateRange,
};
