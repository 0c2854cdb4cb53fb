import { saveBlob } from '@clinic/kit';
import {
  type Clinic,
  decimalToTime,
  patientTurnTitle,
  type Turn,
  turnInvitation,
} from '@clinic/worker/contract';

/**
 * The turn as an iCalendar file, the same invitation the booking mail carries (same UID, so the
 * calendar app keeps one event), for the patient to add to their phone's calendar.
 */
export function turnCalendarFile(
  turn: Turn,
  clinic: Clinic,
  patient: { name: string; email: string },
  origin: string,
  now: Date,
): string {
  const address = [`${clinic.street} ${clinic.number}`.trim(), clinic.city].filter(Boolean).join(', ');
  return turnInvitation({
    method: 'REQUEST',
    turnId: turn.ID,
    date: turn.date,
    time: turn.time,
    duration: turn.duration,
    timeZone: clinic.timeZone,
    summary: `${patientTurnTitle(turn.description) || 'Turn'} at ${clinic.name}`,
    location: address,
    description: `${decimalToTime(turn.time)} at ${clinic.name}. Your appointments: ${origin}/home/appointment`,
    organizer: { name: clinic.name, email: clinic.email },
    attendee: { name: patient.name, email: patient.email },
    domain: new URL(origin).hostname,
    now,
    // A turn still waiting for the medic or the patient goes in the calendar as tentative.
    confirmed: turn.medicAccepts && turn.patientAccepts,
  });
}

/** Saves the turn's calendar file as 'turn-<date>.ics'. */
export function downloadTurn(turn: Turn, clinic: Clinic, patient: { name: string; email: string }): void {
  const ics = turnCalendarFile(turn, clinic, patient, window.location.origin, new Date());
  saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), `turn-${turn.date}.ics`);
}
