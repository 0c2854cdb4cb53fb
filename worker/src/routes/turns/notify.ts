import type { Context } from 'hono';
import { isPatient } from '../../auth/caller';
import { replyLinks } from '../../auth/turn-reply';
import type { Clinic } from '../../contract/clinic';
import { formatMoney } from '../../contract/money';
import { decimalToTime } from '../../contract/office-hours';
import type { Env } from '../../env';
import { configuredOrigin } from '../../lib/http';
import { turnInvitation } from '../../lib/ics';
import { deliverTurnMail, type TurnMailKind, turnMail } from '../../services/turn-mail';
import type { CancelRefund } from './paid-cancel';
import { medicName, patientContact } from './turns.repo';

/** What a cancel mail says of the consultation's payment: refunded to the card, kept as credit, or neither yet. */
export function paymentNote(
  payment: { paid: number; refunded: CancelRefund | null },
  currency: string,
): string {
  const { refunded } = payment;
  if (refunded?.to === 'card') {
    return `Your payment of ${formatMoney(refunded.amount, currency)} for this consultation is refunded to the card you paid with.`;
  }
  if (refunded?.to === 'credit') {
    return `Your payment of ${formatMoney(refunded.amount, currency)} for this consultation is kept as a credit on your account: your next budget uses it first.`;
  }
  return `You paid ${formatMoney(payment.paid, currency)} for this consultation: the clinic will tell you whether it is refunded to your card or kept as a credit.`;
}

/** Where a turn is: its ID, its patient, its medic, when and how long. */
export interface TurnAt {
  ID: number;
  PatientID: number;
  MedicID: number;
  date: string;
  time: number;
  duration: number;
  /** Whether each side accepted (a booking's answer has them; a moved turn waits for the patient again). */
  medicAccepts?: boolean;
  patientAccepts?: boolean;
}

/** Who acted, as the patient's mail says it: the medic's name, or 'you' for the patient. */
async function actor(c: Context<Env>): Promise<string | null> {
  const user = c.get('user');
  if (isPatient(user)) return 'you';
  return medicName(c.get('db'), user?.medicId ?? null);
}

/**
 * Mails the patient that their turn was booked, moved or cancelled, and by whom: the booking and
 * the move with an `.ics` invitation (METHOD:REQUEST, the same UID, so a move updates the event),
 * the cancel with one that removes it (METHOD:CANCEL).
 */
export async function mailTurn(
  c: Context<Env>,
  kind: TurnMailKind,
  turn: TurnAt,
  clinic: Clinic,
  /** A cancelled consultation that was paid: what was paid, and where the clinic sent it (or null). */
  payment?: { paid: number; refunded: CancelRefund | null },
  /** A moved turn's date and time before the move, which the mail names. */
  previous?: { date: string; time: number },
): Promise<void> {
  const db = c.get('db');
  const patient = await patientContact(db, turn.PatientID);
  // A patient registered with no email and no guardian has nowhere to be mailed.
  if (!patient?.email) return;
  // The turn is written already: a missing APP_ORIGIN must not turn its answer into an error.
  const origin = configuredOrigin(c.env) ?? new URL(c.req.url).origin;
  const [by, medic] = await Promise.all([actor(c), medicName(db, turn.MedicID)]);
  const address = [`${clinic.street} ${clinic.number}`.trim(), clinic.city].filter(Boolean).join(', ');
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const ics = turnInvitation({
    method,
    turnId: turn.ID,
    date: turn.date,
    time: turn.time,
    duration: turn.duration,
    timeZone: clinic.timeZone,
    summary: medic ? `Turn at ${clinic.name} with ${medic}` : `Turn at ${clinic.name}`,
    location: address,
    description: `${decimalToTime(turn.time)} at ${clinic.name}. Your appointments: ${origin}/home/appointment`,
    organizer: { name: clinic.name, email: clinic.email },
    attendee: { name: patient.name, email: patient.email },
    domain: new URL(origin).hostname,
    now: new Date(),
    // A moved turn waits for the patient's acceptance again; a booking is confirmed once both accepted.
    confirmed: kind !== 'moved' && turn.medicAccepts === true && turn.patientAccepts === true,
  });
  const mail = turnMail(kind, {
    to: patient.email,
    patientName: patient.name,
    turn,
    clinic,
    appointmentsUrl: `${origin}/home/appointment`,
    by,
    medic,
    ...(previous ? { previous } : {}),
    dateOrder: clinic.dateOrder,
    calendar: { method, ics },
    ...(payment ? { payment: paymentNote(payment, clinic.currency) } : {}),
    // A booked or moved turn can be confirmed or cancelled from the mail, like a reminder.
    ...(kind === 'cancelled'
      ? {}
      : { reply: await replyLinks(c.env, { ID: turn.ID, date: turn.date, time: turn.time }, origin) }),
  });
  await deliverTurnMail(db, c.env, mail);
}
