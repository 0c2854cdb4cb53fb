import type { Context } from 'hono';
import { isPatient } from '../../auth/caller';
import { MSG } from '../../contract/messages';
import { localDate } from '../../contract/turns';
import { findClinic } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { csvFileName } from '../../lib/csv';
import { AppError } from '../../lib/errors';

/** The clinic's name and today's date in its zone, for an export's file name. */
export async function exportFileName(c: Context<Env>, what: string): Promise<string> {
  const clinic = await findClinic(c.get('db'));
  return csvFileName(clinic?.name ?? '', what, localDate(new Date(), clinic?.timeZone ?? 'UTC'));
}

/** Exports are the desk's: a patient asking for one is refused (403), whoever's records it would hold. */
export function assertMayExport(c: Context<Env>): void {
  if (isPatient(c.get('user'))) throw new AppError('forbidden', MSG.forbidden);
}
