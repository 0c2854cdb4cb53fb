import type { SQL } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler } from 'hono';
import { MSG } from '../contract/messages';
import type { Batch, ReadAudit, Reader } from '../db/client';
import type { Env, SessionUser } from '../env';
import { AppError } from '../lib/errors';
import { matchedRouteKey } from '../lib/route-key';
import { insertAudit, pagePatientIds } from './access.repo';
import { isApprovedMedic, isPatient, isPatientSelf } from './caller';

/**
 * Who may call a route:
 * - public: anyone;
 * - user: anyone signed in (also a medic still waiting for approval);
 * - medic: an approved medic;
 * - patient: a signed-in patient (their own records only);
 * - owner: a medic, or the patient whose record it is (the handler names the patient with
 *   `assertPatientAccess`, which answers 404 to anyone else);
 * - signup: nobody signed in (signing up), or an approved medic (registering someone else).
 */
export type Who = 'public' | 'user' | 'medic' | 'patient' | 'owner' | 'signup';

export interface Rule {
  who: Who;
  /**
   * Open to a session that still owes a sign-in step (a second factor's code or its enrolment);
   * every other non-public route answers such a session 401 until the step is done.
   */
  pending?: true;
  /** Clinical data routes are written to the audit log under this action. */
  audit?: string;
}

/** Every API route and who may call it, keyed by `METHOD path` exactly as the router registers it. */
export const ACCESS: Record<string, Rule> = {
  'GET /api/health': { who: 'public' },
  // The API's own description (OpenAPI 3.1) and its reference page.
  'GET /api/openapi.json': { who: 'public' },
  'GET /api/docs': { who: 'public' },
  'POST /api/login': { who: 'public' },
  'POST /api/logout': { who: 'user', pending: true },
  'GET /api/me': { who: 'user', pending: true },
  // Second factor (TOTP): the code after a social sign-in's redirect, enrolment, turning it off;
  // a medic of the clinic resets another medic's factor (written to the access log).
  'POST /api/login/code': { who: 'user', pending: true },
  'GET /api/second-factor': { who: 'user', pending: true },
  'POST /api/second-factor/setup': { who: 'user', pending: true },
  'POST /api/second-factor': { who: 'user', pending: true },
  'DELETE /api/second-factor': { who: 'user' },
  'DELETE /api/medics/:id/second-factor': { who: 'medic', audit: 'reset second factor' },
  // The signed-in user's own open sessions.
  'GET /api/sessions': { who: 'user' },
  'DELETE /api/sessions': { who: 'user' },
  'DELETE /api/sessions/:id': { who: 'user' },
  'POST /api/dev/seed': { who: 'public' },
  'GET /api/dev/outbox': { who: 'public' },
  'POST /api/dev/bench/patients': { who: 'public' },
  'POST /api/dev/bench/turns': { who: 'public' },
  'POST /api/dev/bench/budgets': { who: 'public' },
  'POST /api/dev/bench/records': { who: 'public' },
  'GET /api/patients/:id/audit': { who: 'medic', audit: 'read audit trail' },
  'GET /api/patients/:id/access-log': { who: 'owner', audit: 'read access log' },
  // Accounts
  'POST /api/patients': { who: 'signup' },
  'POST /api/medics': { who: 'signup' },
  // Whether an email has an account: a medic's question only (no account discovery).
  'POST /api/login/oneUser': { who: 'medic' },
  'GET /api/medics/pending': { who: 'medic' },
  'PUT /api/medics/:id/approve': { who: 'medic' },
  'POST /api/password/reset': { who: 'public' },
  'PUT /api/password/reupdate': { who: 'public' },
  'PUT /api/password/update': { who: 'user' },
  'GET /api/auth/oidc/start': { who: 'public' },
  'GET /api/auth/oidc/callback': { who: 'public' },
  // Clinic, treatments, medic profile
  'GET /api/Clinics': { who: 'user' },
  'POST /api/Clinics': { who: 'medic' },
  'PUT /api/Clinics': { who: 'medic' },
  'PUT /api/Clinics/:id': { who: 'medic' },
  'GET /api/treatments': { who: 'medic' },
  'PUT /api/treatments': { who: 'medic' },
  'POST /api/treatments': { who: 'medic' },
  'PUT /api/treatments/prices': { who: 'medic' },
  'GET /api/medics': { who: 'medic' },
  'PUT /api/medics/:id': { who: 'medic' },
  // Patients and clinical records; 'POST /api/patients' is shared with sign-up above.
  'GET /api/patients': { who: 'owner', audit: 'read patients' },
  'GET /api/patients/:id': { who: 'owner', audit: 'read patient' },
  'PUT /api/patients/:id': { who: 'owner', audit: 'update patient' },
  'GET /api/clinicalhistories/search': { who: 'owner', audit: 'read clinical history' },
  'POST /api/clinicalhistories': { who: 'owner', audit: 'create clinical history' },
  'GET /api/evolutions': { who: 'owner', audit: 'read evolutions' },
  'POST /api/evolutions': { who: 'medic', audit: 'create evolution' },
  'GET /api/studies/search': { who: 'owner', audit: 'read studies' },
  'POST /api/studies': { who: 'medic', audit: 'create study' },
  'GET /api/studies/:id/file': { who: 'owner', audit: 'read study file' },
  'GET /api/tooth': { who: 'user' },
  // Turns: medics see and manage all; a patient only their own (the handlers check ownership).
  'GET /api/turns': { who: 'owner', audit: 'read turns' },
  'GET /api/turns/search': { who: 'owner', audit: 'read turns' },
  'GET /api/turns/free': { who: 'owner' },
  // The live agenda's WebSocket: the same rule as the calendar; a patient is told dates only.
  'GET /api/turns/live': { who: 'owner' },
  'POST /api/turns': { who: 'owner', audit: 'create turn' },
  'PUT /api/turns/update/:id': { who: 'owner', audit: 'update turn' },
  'DELETE /api/turns/delete/:id': { who: 'owner', audit: 'cancel turn' },
  'PUT /api/turns/move/:id': { who: 'medic', audit: 'move turn' },
  // Reminder mails: the patient's own setting; the mailed link's signed token is its authentication.
  'GET /api/reminders': { who: 'patient' },
  'PUT /api/reminders': { who: 'patient' },
  'GET /api/reminders/off': { who: 'public' },
  'POST /api/reminders/off': { who: 'public' },
  // Budgets and payments: clinical data, audited. A patient reads and pays only their own.
  'GET /api/Budgets': { who: 'owner', audit: 'read budgets' },
  'GET /api/Budgets/:id': { who: 'owner', audit: 'read budget' },
  'POST /api/Budgets': { who: 'medic', audit: 'create budget' },
  'PUT /api/Budgets': { who: 'medic', audit: 'update budget' },
  'POST /api/Budgets/:id/void': { who: 'medic', audit: 'void budget' },
  'POST /api/Budgets/:id/payments': { who: 'medic', audit: 'record payment' },
  'POST /api/Budgets/:id/refunds': { who: 'medic', audit: 'refund payment' },
  'POST /api/payments/create_preference': { who: 'owner', audit: 'create payment link' },
  'GET /api/payments/demo-checkout/:id': { who: 'owner', audit: 'read demo checkout' },
  'POST /api/payments/demo-checkout/:id': { who: 'owner', audit: 'pay on demo checkout' },
  // Stripe's servers call it; the signature on the raw body is its authentication.
  'POST /api/payments/webhook': { who: 'public', audit: 'payment webhook' },
};

export function ruleFor(key: string): Rule | undefined {
  return ACCESS[key];
}

/** Why the rule refuses this caller, or null when it lets them through. */
function refusal(rule: Rule, user: SessionUser | null): AppError | null {
  if (rule.who === 'signup' && user && !isApprovedMedic(user))
    return new AppError('forbidden', MSG.forbidden);
  if (rule.who !== 'public' && rule.who !== 'signup' && !user) {
    return new AppError('unauthorized', MSG.notSignedIn);
  }
  // A session that still owes its second step (the enrolment) reaches only that step's routes.
  if (user?.pending && rule.who !== 'public' && !rule.pending) {
    return new AppError('unauthorized', MSG.finishSignIn);
  }
  if (rule.who === 'medic' && !isApprovedMedic(user)) return new AppError('forbidden', MSG.forbidden);
  if (rule.who === 'patient' && !isPatient(user)) return new AppError('forbidden', MSG.forbidden);
  // A medic still waiting for approval reaches no patient's record.
  if (rule.who === 'owner' && !isPatient(user) && !isApprovedMedic(user)) {
    return new AppError('forbidden', MSG.forbidden);
  }
  return null;
}

/** The audit row of one answer: who, which action, the patient it named, the route, the status. */
function auditRow(c: Context<Env>, action: string, status: number | SQL, patientIds: string | SQL | null) {
  return {
    userId: c.get('user')?.id ?? null,
    action,
    patientId: c.get('auditPatientId'),
    patientIds,
    route: `${c.req.method} ${new URL(c.req.url).pathname}`,
    status,
  };
}

/**
 * The audit row of one answer, written as one INSERT once the answer is known: the patient it
 * named (`auditPatientId`). A read that ran through `readBatch` has written its row already, in its
 * own batch, with the IDs of every patient a list held (a trigger indexes them for each patient's
 * access log, migration 0016).
 */
async function writeAudit(c: Context<Env>, rule: Rule & { audit: string }, status: number): Promise<void> {
  await insertAudit(c.get('db'), auditRow(c, rule.audit, status, null));
}

/**
 * A screen's read in ONE round trip to the database: its statements (the page, its count…) and,
 * on a route the access table audits, the request's access-log row, sent as one `batch` (D1 runs a
 * batch as one transaction). The row is written in the same transaction as the read, so if it
 * cannot be written the read fails with it and nothing is answered (the log stays fail-closed).
 * The session's pending touch (`lastSeenAt`) rides along too. Answers the reads' results only.
 *
 * The row holds what the handler has named before the read (`assertPatientAccess`) and what SQL
 * knows: the patients of a list (`patientIds`, a one-column select of the page) and the status
 * (`status`, 200 unless given). The access middleware then writes no row of its own, unless the
 * answer's status turns out other than the one written (a failure after the read).
 */
export async function readBatch<T extends Batch>(
  c: Context<Env>,
  reads: T,
  audit: ReadAudit = {},
): Promise<BatchResponse<T>> {
  const db = c.get('db');
  const extra: BatchItem<'sqlite'>[] = [];
  const touch = c.get('sessionTouch');
  if (touch) {
    extra.push(touch);
    c.set('sessionTouch', null);
  }
  const action = c.get('auditAction');
  const auditIndex = action ? reads.length + extra.length : -1;
  if (action) {
    const ids = audit.patientIds ? pagePatientIds(audit.patientIds) : null;
    extra.push(insertAudit(db, auditRow(c, action, audit.status ?? 200, ids)));
  }
  const results = (await db.batch([...reads, ...extra] as unknown as Batch)) as unknown as unknown[];
  if (action) {
    const written = results[auditIndex] as { status: number }[];
    c.set('auditedStatus', written[0]?.status ?? null);
  }
  return results.slice(0, reads.length) as BatchResponse<T>;
}

/**
 * Enforces the table; a route missing from it is refused, never silently open. On a route that
 * carries patient data (`audit`), every answer is logged: what it showed, and a refusal (403) as a
 * refusal; a caller who is not signed in (401) is not, so nobody can fill the log anonymously.
 */
export const enforceAccess: MiddlewareHandler<Env> = async (c, next) => {
  const key = matchedRouteKey(c);
  if (!key) return next(); // nothing matched: the 404 handler answers
  const rule = ruleFor(key);
  if (!rule) throw new AppError('forbidden', MSG.forbidden);
  const refused = refusal(rule, c.get('user'));
  const audit = rule.audit;
  if (refused) {
    if (audit && refused.code === 'forbidden') await writeAudit(c, { ...rule, audit }, refused.status);
    throw refused;
  }
  if (!audit) return next();
  c.set('auditAction', audit);
  let status = 500;
  try {
    await next();
    status = c.res.status;
  } catch (err) {
    status = err instanceof AppError ? err.status : 500;
    throw err;
  } finally {
    // A read through readBatch wrote its row with the read; another status needs its own row.
    if (c.get('auditedStatus') !== status) await writeAudit(c, { ...rule, audit }, status);
  }
};

/**
 * Limits a patient to their own records: medics pass, the owning patient passes, anyone else gets
 * 404 so that guessing IDs reveals nothing. Also names the patient for the audit log.
 */
export function assertPatientAccess(c: Context<Env>, patientId: number): void {
  c.set('auditPatientId', patientId);
  const user = c.get('user');
  if (isApprovedMedic(user) || isPatientSelf(user, patientId)) return;
  throw new AppError('not_found', MSG.notFound);
}

/** `readBatch` for this request, as the repositories take it (they know no request). */
export const readerOf =
  (c: Context<Env>): Reader =>
  (reads, audit) =>
    readBatch(c, reads, audit);
