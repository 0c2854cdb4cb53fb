import * as v from 'valibot';
import { PageQuerySchema } from './validation';

/** One row of a patient's access log as the API answers it: who, what, when and how it ended. */
export interface AccessLogRow {
  ID: number;
  /** UTC timestamp. */
  at: string;
  action: string;
  /** Method and path, for medics; patients get null. */
  route: string | null;
  status: number;
  result: AccessResult;
  /** Who did it: a medic by name, the patient themselves, or (for a patient) someone else unnamed. */
  by: { kind: 'medic' | 'you' | 'patient' | 'other'; name: string };
}

export type AccessResult = 'Done' | 'Refused' | 'Failed';

/** How a request ended, in words: 2xx/3xx done, 4xx refused, 5xx failed. */
export function accessResult(status: number): AccessResult {
  if (status >= 500) return 'Failed';
  if (status >= 400) return 'Refused';
  return 'Done';
}

/** GET /api/patients/{id}/access-log: paged like every list, newest first. */
export const AccessLogQuerySchema = v.object({
  ...PageQuerySchema.entries,
});

/** GET /api/patients/{id}/audit (medics): one raw audit row; `patientIds` is a list's JSON array of IDs. */
export const AuditRowSchema = v.strictObject({
  id: v.number(),
  at: v.string(),
  userId: v.nullable(v.number()),
  action: v.string(),
  patientId: v.nullable(v.number()),
  route: v.string(),
  status: v.number(),
  patientIds: v.nullable(v.string()),
});

/** PUT /api/reminders: a patient switches reminder mails on or off. */
export const RemindersInputSchema = v.object({ enabled: v.boolean() });
