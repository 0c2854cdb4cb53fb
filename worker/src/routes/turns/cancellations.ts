import type { Turn } from '../../contract/answers';
import { CANCEL_NOTICE_HOURS, turnStart } from '../../contract/turns';
import type { Db } from '../../db/client';
import type { Bindings } from '../../env';
import { freeStart } from '../../services/waitlist/offers';
import { insertCancellation } from './turns.repo';

export type CancelledBy = 'patient' | 'medic' | 'link';

/**
 * After a cancelled turn is deleted: its record for the reports (who, when, how many hours ahead,
 * late when inside the 24-hour notice), and its start goes to the waitlist once the grace has passed.
 */
export async function recordCancellation(
  db: Db,
  env: Bindings,
  turn: Pick<Turn, 'ID' | 'date' | 'time' | 'duration' | 'MedicID' | 'PatientID'>,
  by: { who: CancelledBy; userId: number | null },
  timeZone: string,
  now = new Date(),
): Promise<void> {
  const hoursAhead = (turnStart(turn.date, turn.time, timeZone).getTime() - now.getTime()) / 3_600_000;
  await insertCancellation(db, {
    turnId: turn.ID,
    patientId: turn.PatientID,
    medicId: turn.MedicID,
    date: turn.date,
    time: turn.time,
    duration: turn.duration,
    cancelledBy: by.who,
    byUserId: by.userId,
    cancelledAt: now.toISOString(),
    hoursAhead: Math.round(hoursAhead * 100) / 100,
    late: hoursAhead < CANCEL_NOTICE_HOURS,
  });
  await freeStart(db, env, turn, now);
}
