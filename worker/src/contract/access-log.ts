import * as v from 'valibot';
import type { AccessLogRowSchema } from './answers';
import { PageQuerySchema } from './validation';

/** One row of a patient's access log as the API answers it: who, what, when and how it ended. */
export type AccessLogRow = v.InferOutput<typeof AccessLogRowSchema>;

export type AccessResult = 'Done' | 'Refused' | 'Failed';

/** How a request ended, in words: 2xx/3xx done, 4xx refused, 5xx failed. */
export function accessResult(status: number): AccessResult {
  if (status >= 500) return 'Failed';
  if (status >= 400) return 'Refused';
  return 'Done';
}

export { SCREEN_VIEW_HEADER } from './screen-view';

const SCREEN_VIEW = /^(\/[A-Za-z0-9:/_-]{0,80}|pdf:[a-z-]{1,30});[A-Za-z0-9-]{8,64}$/;

/** The screen view a request belongs to, from its header; null when absent or malformed. */
export const screenViewOf = (header: string | undefined | null): string | null =>
  header && SCREEN_VIEW.test(header) ? header : null;

/** What a screen opened is called in the access log, by its path (or a download's name). */
export const SCREEN_WORDS: Record<string, string> = {
  '/home': 'opened the home page',
  '/home/:patientID': 'opened the patient page',
  '/home/addEvolution/:patientID': 'opened Add Evolution',
  '/home/studies/:patientID': 'opened Add Studies',
  '/home/updatePatient/:patientID': 'opened Update Patient Info',
  '/home/create-clinical-history': 'opened the clinical history form',
  '/home/calendar': 'opened the calendar',
  '/home/budget': 'opened the budgets',
  '/home/data': 'opened My data',
  '/home/dataUpdate': 'opened Update my data',
  '/home/appointment': 'opened the appointment request',
  '/home/payments': 'opened the payments',
  '/home/PatientCH': 'opened the clinical history',
  '/home/PatientCH/PatientCHPdf': 'viewed the history PDF',
  '/home/evolutionsNStudies': 'opened evolutions and studies',
  '/home/accessLog': 'opened the access log',
  'pdf:history': 'downloaded the history PDF',
};

/** Each audited action in words, for a request that is not part of a known screen. */
export const ACTION_WORDS: Record<string, string> = {
  'read patient': "opened the patient's details",
  'read patients': 'listed patients',
  'update patient': "updated the patient's details",
  'read clinical history': 'read the clinical history',
  'create clinical history': 'filled in the clinical history',
  'update clinical history': 'updated the clinical history',
  'read clinical history versions': "read the clinical history's versions",
  'read evolutions': 'read the visit notes',
  'create evolution': 'added a visit note',
  'read studies': 'read the studies',
  'create study': 'added a study',
  'read study file': 'opened a study file',
  'read access log': 'read the access log',
  'read audit trail': 'read the audit trail',
  'read turns': 'read the turns',
  'create turn': 'booked a turn',
  'update turn': 'changed a turn',
  'move turn': 'moved a turn',
  'cancel turn': 'cancelled a turn',
  'read budget': 'opened a budget',
  'read budgets': 'read the budgets',
  'create budget': 'added a budget',
  'update budget': 'changed a budget',
  'create payment link': 'made a payment link',
  'pay on demo checkout': 'paid on the demo checkout',
  'read demo checkout': 'opened the demo checkout',
  'payment webhook': 'a payment was recorded',
  'reset second factor': 'reset a second factor',
};

/** Reads whose 404 means "none yet" (no clinical history written), not a refusal. */
const NONE_YET = new Set(['read clinical history', 'read clinical history versions']);

/**
 * How one request ended, knowing its action and whether the caller may read that patient (a medic,
 * or the patient themselves): their 404 "no history yet" is done, not refused. Anyone else's 404
 * is a refusal: they were kept out of another patient's record.
 */
export const accessResultOf = (status: number, action: string, mayRead: boolean): AccessResult =>
  status === 404 && mayRead && NONE_YET.has(action) ? 'Done' : accessResult(status);

/** One request of a row of the access log. */
export interface AccessLogRequest {
  action: string;
  status: number;
  route: string;
}

/**
 * A row of the access log in words: a screen's reads (same view) as the screen opened, otherwise
 * the actions' words; its result the worst of its requests (a 404 "no history yet" is not a refusal
 * when the caller, `mayRead`, is a medic or the patient themselves).
 */
export function describeAccess(
  view: string | null,
  requests: readonly AccessLogRequest[],
  mayRead: boolean,
): { action: string; result: AccessResult } {
  const results = requests.map((r) => accessResultOf(r.status, r.action, mayRead));
  const result: AccessResult = results.includes('Failed')
    ? 'Failed'
    : results.includes('Refused')
      ? 'Refused'
      : 'Done';
  const screen = view ? SCREEN_WORDS[view.slice(0, view.indexOf(';'))] : undefined;
  // A write is told as itself even when made from a screen.
  const reads = requests.length > 0 && requests.every((r) => r.route.startsWith('GET '));
  if (screen && reads) return { action: screen, result };
  const words = [...new Set(requests.map((r) => ACTION_WORDS[r.action] ?? r.action))];
  return { action: words.join(', ') || 'opened the record', result };
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
  /** The screen view the request belonged to (`X-Screen-View`), if any. */
  view: v.nullable(v.string()),
});

/** PUT /api/reminders: a patient switches reminder mails on or off. */
export const RemindersInputSchema = v.object({ enabled: v.boolean() });
