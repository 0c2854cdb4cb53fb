import { turnStart } from './turns';

/**
 * An iCalendar (RFC 5545) invitation for one turn, the `text/calendar` part of the booking, move
 * and cancel mails, so the patient's calendar app adds, updates or removes the event. Written here
 * rather than with a library: one event with fixed properties needs only the format's escaping,
 * line folding and UTC times, and the worker stays without another dependency; the tests read
 * what it writes with ical.js, a kept iCalendar parser.
 */
export interface TurnInvitation {
  /** 'REQUEST' adds or updates the event; 'CANCEL' removes it. */
  method: 'REQUEST' | 'CANCEL';
  turnId: number;
  date: string;
  time: number;
  duration: number;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The domain of the UID: the same turn keeps the same UID, so a move updates the event. */
  domain: string;
  now: Date;
  /** Both sides accepted the turn: CONFIRMED; a turn still waiting for one of them is TENTATIVE. */
  confirmed: boolean;
}

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
const text = (s: string): string =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (a CN): quoted, without the quote itself or control characters. */
const param = (s: string): string => `"${s.replace(/["\p{Cc}]/gu, ' ')}"`;

/** UTC date-time: 20261201T120000Z. */
const utc = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Content lines folded at 75 octets, continuation lines starting with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    if (bytes.encode(current + ch).length > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
    }
    current += ch;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function turnInvitation(t: TurnInvitation): string {
  const start = turnStart(t.date, t.time, t.timeZone);
  const end = new Date(start.getTime() + Math.round(t.duration * 3_600_000));
  // Each change is a later version of the same event; seconds since the epoch only ever grow.
  const sequence = Math.floor(t.now.getTime() / 1000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic//Turns//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${t.method}`,
    'BEGIN:VEVENT',
    `UID:turn-${t.turnId}@${t.domain}`,
    `DTSTAMP:${utc(t.now)}`,
    `SEQUENCE:${sequence}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${text(t.summary)}`,
    ...(t.location ? [`LOCATION:${text(t.location)}`] : []),
    `DESCRIPTION:${text(t.description)}`,
    `STATUS:${t.method === 'CANCEL' ? 'CANCELLED' : t.confirmed ? 'CONFIRMED' : 'TENTATIVE'}`,
    `ORGANIZER;CN=${param(t.organizer.name)}:mailto:${t.organizer.email}`,
    `ATTENDEE;CN=${param(t.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${t.attendee.email}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
