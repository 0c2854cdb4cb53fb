import { optOutToken } from '../auth/opt-out';
import { replyLinks } from '../auth/turn-reply';
import { turnsNotice } from '../contract/live';
import { parseOfficeHours } from '../contract/office-hours';
import { fitsOfficeHours } from '../contract/slots';
import { localDate, localHours, turnStart } from '../contract/turns';
import { openDb } from '../db/client';
import { findClinic } from '../db/clinics.repo';
import { type Bindings, isLocal } from '../env';
import { configuredOrigin } from '../lib/http';
import { sendNotice } from './live/announce';
import {
  agendaTurns,
  approvedMedics,
  claimAgenda,
  claimReminder,
  flagNeedsMoving,
  releaseAgenda,
  releaseReminder,
  turnsToRemind,
} from './reminders.repo';
import { agendaMail, deliverTurnMail, turnMail } from './turn-mail';

const HOUR = 3_600_000;
/** A reminder goes out for turns starting this many hours ahead, judged in the clinic's zone. */
export const REMINDER_WINDOW_HOURS = { from: 20, to: 28 } as const;

/**
 * Links in mails sent with no request to take an origin from: APP_ORIGIN, or in local mode the
 * address `npm start` serves on (LOCAL_ORIGIN, on whatever PORT; 8787 when unset). Deployed without
 * APP_ORIGIN there is no safe address, so nothing is sent.
 */
export function appOrigin(env: Bindings): string {
  const configured = configuredOrigin(env);
  if (configured) return configured;
  if (isLocal(env)) return env.LOCAL_ORIGIN ?? 'http://localhost:8787';
  throw new Error('APP_ORIGIN is not configured: reminder and agenda mails would carry no safe links');
}

/**
 * The Cron Trigger's work (every 15 minutes): mails each patient whose turn the medic's side
 * accepted starts 20 to 28 hours from `now`, unless the patient switched reminders off; a turn still
 * waiting for the patient is reminded too and asks them to confirm. No reminder asks a patient to
 * come while the clinic is closed: a turn outside the office hours is reminded only when the desk
 * kept it there on purpose (marked 'kept'); any other is skipped and put on the desk's "needs
 * moving" list. A cancelled turn is
 * deleted, so it never gets one. Each (turn, date, time) is claimed under a unique key before the
 * mail is handed over, so overlapping runs send it once; a failed hand-over releases the claim and
 * the next run tries again. A moved turn has a new date or time and so gets its own reminder.
 * Answers how many reminders went out.
 */
export async function sendDueReminders(env: Bindings, now: Date): Promise<number> {
  const db = openDb(env);
  const clinic = await findClinic(db);
  const hours = clinic ? parseOfficeHours(clinic.officeHours) : null;
  if (!clinic || !hours) return 0;
  const from = now.getTime() + REMINDER_WINDOW_HOURS.from * HOUR;
  const to = now.getTime() + REMINDER_WINDOW_HOURS.to * HOUR;
  const dates = [...new Set([from, to].map((ms) => localDate(new Date(ms), clinic.timeZone)))];
  const due = await turnsToRemind(db, dates);
  let sent = 0;
  const reminded: { ID: number; date: string }[] = [];
  const flagged: { ID: number; date: string }[] = [];
  const origin = appOrigin(env);
  for (const turn of due) {
    const start = turnStart(turn.date, turn.time, clinic.timeZone).getTime();
    if (start < from || start >= to) continue;
    if (turn.hoursFlag !== 'kept' && !fitsOfficeHours(hours, turn.date, turn.time, turn.duration)) {
      await flagNeedsMoving(db, turn.id);
      flagged.push({ ID: turn.id, date: turn.date });
      continue;
    }
    const claim = await claimReminder(db, turn);
    if (!claim) continue; // another run has it
    const mail = turnMail('reminder', {
      to: turn.email,
      patientName: turn.name,
      turn,
      clinic,
      appointmentsUrl: `${origin}/home/appointment`,
      optOutUrl: `${origin}/api/reminders/off?token=${await optOutToken(env, turn.patientId, turn.optOutVersion)}`,
      pending: !turn.patientAccepts,
      outsideHours: turn.hoursFlag === 'kept',
      dateOrder: clinic.dateOrder,
      reply: await replyLinks(env, { ID: turn.id, date: turn.date, time: turn.time }, origin),
    });
    try {
      await deliverTurnMail(db, env, mail);
      sent += 1;
      reminded.push({ ID: turn.id, date: turn.date });
    } catch (err) {
      await releaseReminder(db, claim);
      console.error('reminder not sent', turn.id, err);
    }
  }
  // A reminder sent is part of a turn's state: open screens hear of it like any other change.
  await sendNotice(env, turnsNotice([...reminded, ...flagged]));
  return sent;
}

/** The daily agenda goes out in the clinic's 07:00 hour (four runs of the schedule to catch it). */
export const AGENDA_HOUR = 7;

/**
 * Each approved medic with turns today gets the day's agenda once, in the clinic's 07:00 hour: a
 * unique (medic, date) key is claimed before the mail is handed over, released if that fails.
 * Answers how many agendas went out.
 */
export async function sendMedicAgendas(env: Bindings, now: Date): Promise<number> {
  const db = openDb(env);
  const clinic = await findClinic(db);
  if (!clinic) return 0;
  const hour = localHours(now, clinic.timeZone);
  if (hour < AGENDA_HOUR || hour >= AGENDA_HOUR + 1) return 0;
  const date = localDate(now, clinic.timeZone);
  const rows = await agendaTurns(db, date);
  if (rows.length === 0) return 0;
  const team = await approvedMedics(db, [...new Set(rows.map((r) => r.medicId))]);
  let sent = 0;
  for (const medic of team) {
    const mine = rows.filter((r) => r.medicId === medic.medicId);
    const claim = await claimAgenda(db, medic.medicId, date);
    if (!claim) continue;
    const mail = agendaMail({
      to: medic.email,
      medicName: medic.name,
      date,
      clinicName: clinic.name,
      calendarUrl: `${appOrigin(env)}/home/calendar`,
      dateOrder: clinic.dateOrder,
      turns: mine.map((t) => ({
        time: t.time,
        duration: t.duration,
        patient: t.patient ?? '',
        description: t.description,
        confirmed: t.medicAccepts && t.patientAccepts,
      })),
    });
    try {
      await deliverTurnMail(db, env, mail);
      sent += 1;
    } catch (err) {
      await releaseAgenda(db, claim);
      console.error('agenda not sent', medic.medicId, err);
    }
  }
  return sent;
}

/** Everything the Cron Trigger does on each run. */
export async function runSchedule(env: Bindings, now: Date): Promise<void> {
  try {
    appOrigin(env);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: String(err) }));
    return;
  }
  await sendDueReminders(env, now);
  await sendMedicAgendas(env, now);
}
