import type { ReplyLinks } from '../auth/turn-reply';
import type { Clinic } from '../contract/clinic';
import { type DateOrder, longDate } from '../contract/dates';
import { decimalToTime } from '../contract/office-hours';
import type { Db } from '../db/client';
import type { Bindings } from '../env';
import { sendMail } from './mail';

/** A mail about a turn: the subject, a plain-text part and an HTML part. */
export interface TurnMailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
  calendar?: { method: 'REQUEST' | 'CANCEL'; ics: string };
}

export interface TurnMailInput {
  to: string;
  patientName: string;
  turn: { date: string; time: number; duration: number };
  clinic: Pick<Clinic, 'name' | 'street' | 'number' | 'city'>;
  /** The patient's appointments page. */
  appointmentsUrl: string;
  /** The one-click link that switches reminders off (reminders only). */
  optOutUrl?: string;
  /** Who booked, moved or cancelled it: 'Dr. Ana Medina', or the patient ('you'). */
  by?: string | null;
  /** The medic the turn is with ('Dr. Ana Medina'): with two dentists, the patient knows whose chair. */
  medic?: string | null;
  /** A moved turn's date and time before the move. */
  previous?: { date: string; time: number };
  /** The clinic's date order; the mail writes the month's name whatever it is. */
  dateOrder?: DateOrder;
  /** A reminder of a turn the patient has not accepted yet asks them to. */
  pending?: boolean;
  /** The turn is outside the clinic's usual hours, kept there by the desk: the mail says so. */
  outsideHours?: boolean;
  /** The turn's `.ics` invitation, sent as the mail's text/calendar part. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; ics: string };
  /** The turn's Confirm and Cancel links (reminders, booking mails): `replyLinks` in auth/turn-reply. */
  reply?: ReplyLinks;
  /** A cancelled paid consultation: what happens to its payment (refunded to the card, kept as credit). */
  payment?: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** 0.5 → '30 minutes', 1.25 → '1 h 15 min'. */
export function durationText(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return `${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const OUTSIDE_HOURS_NOTE =
  "Note: this turn is outside the clinic's usual hours; the clinic has kept it for you.";

/** The Confirm and Cancel lines of a turn mail (none without links). */
export const replyText = (reply?: ReplyLinks): string[] =>
  reply ? ['', `Confirm your turn: ${reply.confirmUrl}`, `Cancel your turn: ${reply.cancelUrl}`] : [];
export const replyHtml = (reply?: ReplyLinks): string[] =>
  reply
    ? [
        `<p><a href="${escapeHtml(reply.confirmUrl)}">Confirm</a> · <a href="${escapeHtml(reply.cancelUrl)}">Cancel</a></p>`,
      ]
    : [];

export type TurnMailKind = 'booked' | 'reminder' | 'moved' | 'cancelled';

/** Each kind's subject (given the clinic and when) and first line. */
const WORDING: Record<TurnMailKind, { subject: (clinic: string, when: string) => string; intro: string }> = {
  booked: {
    subject: (clinic, when) => `Your turn at ${clinic} on ${when}`,
    intro: 'A turn was booked for you. The invitation attached adds it to your calendar.',
  },
  reminder: {
    subject: (clinic, when) => `Reminder: your turn at ${clinic} on ${when}`,
    intro: 'This is a reminder of your turn tomorrow.',
  },
  moved: {
    subject: (clinic) => `Your turn at ${clinic} was moved`,
    intro: 'Your turn was moved by the clinic. Please accept the new date and time in your appointments.',
  },
  cancelled: {
    subject: (clinic, when) => `Your turn at ${clinic} on ${when} was cancelled`,
    intro: 'Your turn below was cancelled. You can ask for a new one in your appointments.',
  },
};

/**
 * The reminder the day before an accepted turn, or the notice that a medic moved (the new time) or
 * cancelled a turn: date, time, duration, the clinic's name and address, and a link to the
 * patient's appointments.
 */
export function turnMail(kind: TurnMailKind, input: TurnMailInput): TurnMailContent {
  const { turn, clinic } = input;
  // The month's name, never digits alone: '12/01' is 1 December to one reader and 12 January to another.
  const day = longDate(turn.date, input.dateOrder);
  const when = `${day} at ${decimalToTime(turn.time)}`;
  const address = [`${clinic.street} ${clinic.number}`.trim(), clinic.city].filter(Boolean).join(', ');
  const subject = WORDING[kind].subject(clinic.name, when);
  const intro =
    kind === 'reminder' && input.pending
      ? 'This is a reminder of your turn tomorrow. It is still waiting for your confirmation: please accept it in your appointments.'
      : WORDING[kind].intro;
  const by = input.by
    ? `${kind === 'booked' ? 'Booked' : kind === 'moved' ? 'Moved' : 'Cancelled'} by: ${input.by}`
    : null;
  const was =
    kind === 'moved' && input.previous
      ? `Was: ${longDate(input.previous.date, input.dateOrder)} at ${decimalToTime(input.previous.time)}`
      : null;
  const medic = input.medic ? `With: ${input.medic}` : null;
  const lines = [
    `Hello ${input.patientName},`,
    '',
    intro,
    '',
    ...(input.payment ? [input.payment, ''] : []),
    ...(by && kind !== 'reminder' ? [by] : []),
    ...(input.outsideHours ? [OUTSIDE_HOURS_NOTE] : []),
    ...(was ? [was] : []),
    `Date: ${day}`,
    `Time: ${decimalToTime(turn.time)}`,
    `Duration: ${durationText(turn.duration)}`,
    ...(medic ? [medic] : []),
    `Clinic: ${clinic.name}`,
    ...(address ? [`Address: ${address}`] : []),
    '',
    `Your appointments: ${input.appointmentsUrl}`,
    ...replyText(input.reply),
    ...(input.optOutUrl ? ['', `To stop these reminders: ${input.optOutUrl}`] : []),
  ];
  const e = escapeHtml;
  const html = [
    `<p>Hello ${e(input.patientName)},</p>`,
    `<p>${e(intro)}</p>`,
    ...(input.payment ? [`<p>${e(input.payment)}</p>`] : []),
    '<ul>',
    ...(by && kind !== 'reminder' ? [`<li>${e(by)}</li>`] : []),
    ...(input.outsideHours ? [`<li>${e(OUTSIDE_HOURS_NOTE)}</li>`] : []),
    ...(was ? [`<li>${e(was)}</li>`] : []),
    `<li>Date: ${e(day)}</li>`,
    `<li>Time: ${e(decimalToTime(turn.time))}</li>`,
    `<li>Duration: ${e(durationText(turn.duration))}</li>`,
    ...(medic ? [`<li>${e(medic)}</li>`] : []),
    `<li>Clinic: ${e(clinic.name)}</li>`,
    ...(address ? [`<li>Address: ${e(address)}</li>`] : []),
    '</ul>',
    `<p><a href="${e(input.appointmentsUrl)}">Your appointments</a></p>`,
    ...replyHtml(input.reply),
    ...(input.optOutUrl ? [`<p><a href="${e(input.optOutUrl)}">Stop these reminders</a></p>`] : []),
  ].join('\n');
  return {
    to: input.to,
    subject,
    text: lines.join('\n'),
    html,
    ...(input.calendar ? { calendar: input.calendar } : {}),
  };
}

/** One turn on a medic's agenda. */
export interface AgendaTurn {
  time: number;
  duration: number;
  patient: string;
  description: string;
  confirmed: boolean;
}

/** The medic's daily agenda: the day's turns by time, with who, how long and whether both accepted. */
export function agendaMail(input: {
  to: string;
  medicName: string;
  date: string;
  clinicName: string;
  turns: readonly AgendaTurn[];
  calendarUrl: string;
  dateOrder?: DateOrder;
}): TurnMailContent {
  const day = longDate(input.date, input.dateOrder);
  const line = (t: AgendaTurn) =>
    `${decimalToTime(t.time)} (${durationText(t.duration)}) ${t.patient}: ${t.description}${t.confirmed ? '' : ' [pending]'}`;
  const subject = `Your agenda at ${input.clinicName} for ${day}: ${input.turns.length} turn${input.turns.length === 1 ? '' : 's'}`;
  const text = [
    `Good morning ${input.medicName},`,
    '',
    `Your turns on ${day}:`,
    '',
    ...input.turns.map(line),
    '',
    `Calendar: ${input.calendarUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<p>Good morning ${e(input.medicName)},</p>`,
    `<p>Your turns on ${e(day)}:</p>`,
    '<ul>',
    ...input.turns.map((t) => `<li>${e(line(t))}</li>`),
    '</ul>',
    `<p><a href="${e(input.calendarUrl)}">Calendar</a></p>`,
  ].join('\n');
  return { to: input.to, subject, text, html };
}

/** Hands a turn mail to the one mail service (the outbox locally). */
export function deliverTurnMail(db: Db, env: Bindings, mail: TurnMailContent): Promise<void> {
  return sendMail(db, env, mail);
}
