import { type DateOrder, longDate } from '../../contract/dates';
import { decimalToTime } from '../../contract/office-hours';
import { localDate } from '../../contract/turns';
import type { Mail } from '../mail';
import { durationText } from '../turn-mail';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** "14:05 on Tuesday, December 1, 2026" in the clinic's zone, for the offer's hold. */
function localMoment(iso: string, timeZone: string, order?: DateOrder): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${time} on ${longDate(localDate(at, timeZone), order)}`;
}

/** The offer of a freed start to a waiting patient: when, how long, until when it holds, the link. */
export function offerMail(input: {
  to: string;
  patientName: string;
  slot: { date: string; time: number; duration: number };
  clinicName: string;
  expiresAt: string;
  timeZone: string;
  /** The clinic's order of day and month in written dates. */
  dateOrder?: DateOrder;
  url: string;
}): Mail {
  const { slot } = input;
  // Dates written out with the weekday and the month's name, as every turn mail writes them.
  const day = longDate(slot.date, input.dateOrder);
  const when = `${day} at ${decimalToTime(slot.time)}`;
  const until = `${localMoment(input.expiresAt, input.timeZone, input.dateOrder)} (${input.timeZone})`;
  const subject = `A turn at ${input.clinicName} has come free: ${when}`;
  const text = [
    `Hello ${input.patientName},`,
    '',
    `You are on the waitlist of ${input.clinicName}, and a turn has come free:`,
    '',
    `Date: ${day}`,
    `Time: ${decimalToTime(slot.time)}`,
    `Duration: ${durationText(slot.duration)}`,
    '',
    `The first patient to take it gets it. This offer holds until ${until}.`,
    `Take it: ${input.url}`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<p>Hello ${e(input.patientName)},</p>`,
    `<p>You are on the waitlist of ${e(input.clinicName)}, and a turn has come free:</p>`,
    '<ul>',
    `<li>Date: ${e(day)}</li>`,
    `<li>Time: ${e(decimalToTime(slot.time))}</li>`,
    `<li>Duration: ${e(durationText(slot.duration))}</li>`,
    '</ul>',
    `<p>The first patient to take it gets it. This offer holds until ${e(until)}.</p>`,
    `<p><a href="${e(input.url)}">Take this turn</a></p>`,
  ].join('\n');
  return { to: input.to, subject, text, html };
}
