import type { Context } from 'hono';
import { readerOf } from '../../auth/access';
import type { Turn } from '../../contract/answers';
import type { Clinic } from '../../contract/clinic';
import { turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { type OfficeHours, parseOfficeHours } from '../../contract/office-hours';
import { fitsOfficeHours } from '../../contract/slots';
import { hasStarted, localDate, type StrandedChoice } from '../../contract/turns';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { announceTurns } from '../../services/live/announce';
import { mailTurn } from './notify';
import { deleteTurn, markOutsideHours, turnsByIds, unmarkedFrom } from './turns.repo';

/**
 * The booked turns that new office hours would leave outside them: those not started yet and not
 * already marked by an earlier change (a turn kept outside, or on the desk's list, stays so).
 */
export async function strandedBy(c: Context<Env>, hours: OfficeHours, timeZone: string): Promise<Turn[]> {
  const db = c.get('db');
  const now = new Date();
  const rows = await unmarkedFrom(db, localDate(now, timeZone));
  const ids = rows
    .filter((t) => !hasStarted(t, now, timeZone) && !fitsOfficeHours(hours, t.date, t.time, t.duration))
    .map((t) => t.id);
  return turnsByIds(db, ids, readerOf(c));
}

/**
 * Saving hours that strand booked turns needs the desk's choice for them: without one the save is
 * refused (409) and nothing is written; with one, after the hours are saved, the turns are kept
 * (marked as outside hours), cancelled with a mail to each patient, or put on the "needs moving" list.
 */
export async function strandedBeforeSave(
  c: Context<Env>,
  clinic: Clinic,
  officeHours: string | undefined,
  choice: StrandedChoice | undefined,
): Promise<Turn[]> {
  // Hours sent unchanged (the clinic form sends them with every save) strand nothing new.
  if (officeHours === undefined || officeHours === clinic.officeHours) return [];
  const hours = parseOfficeHours(officeHours);
  if (!hours) return [];
  const stranded = await strandedBy(c, hours, clinic.timeZone);
  if (stranded.length > 0 && !choice) {
    throw new AppError('conflict', MSG.strandedTurns, { strandedTurns: { msg: MSG.strandedChoiceInvalid } });
  }
  return stranded;
}

/** Carries out the desk's choice for the stranded turns, once the new hours are saved. */
export async function settleStranded(
  c: Context<Env>,
  clinic: Clinic,
  stranded: Turn[],
  choice: StrandedChoice | undefined,
): Promise<void> {
  if (stranded.length === 0 || !choice) return;
  const db = c.get('db');
  const ids = stranded.map((t) => t.ID);
  if (choice === 'keep') await markOutsideHours(db, ids, 'kept');
  else if (choice === 'move') await markOutsideHours(db, ids, 'needs-moving');
  else {
    for (const turn of stranded) {
      if (await deleteTurn(db, turn.ID, false)) await mailTurn(c, 'cancelled', turn, clinic);
    }
  }
  await announceTurns(c, turnsNotice(stranded));
}
