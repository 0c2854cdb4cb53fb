import type { BatchResponse } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler } from 'hono';
import { SCREEN_VIEW_HEADER, screenViewOf } from '../contract/access-log';
import { MSG } from '../contract/messages';
import type { Batch, ReadAudit, Reader } from '../db/client';
import type { Env, SessionUser } from '../env';
import { AppError, errorResponse } from '../lib/errors';
import { matchedRouteKey } from '../lib/route-key';
import { pagePatientIdsRow } from './access.repo';
import { type AuditEntry, logRead, logTime, patientIdsJson, writeAuditEntries } from './access-log';
import { isApprovedMedic, isPatient, isPatientSelf } from './caller';
import { checkSessionIn, confirmSession, sessionUnchecked } from './session';
import { type SessionRow, sessionQuery } from './session.repo';

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
  'DELETE /api/patients/:id/second-factor': { who: 'medic', audit: 'reset second factor' },
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
  'POST /api/medics': { who: 'signup', audit: 'register medic' },
  // Whether an email has an account: a medic's question only (no account discovery).
  'POST /api/login/oneUser': { who: 'medic' },
  'GET /api/medics/pending': { who: 'medic' },
  'PUT /api/medics/:id/approve': { who: 'medic', audit: 'approve medic' },
  'POST /api/password/reset': { who: 'public' },
  'PUT /api/password/reupdate': { who: 'public' },
  'PUT /api/password/update': { who: 'user' },
  'GET /api/auth/oidc/start': { who: 'public' },
  'GET /api/auth/oidc/callback': { who: 'public' },
  // Clinic, treatments, medic profile
  'GET /api/Clinics': { who: 'user' },
  'POST /api/Clinics': { who: 'medic' },
  'PUT /api/Clinics': { who: 'medic', audit: 'update clinic' },
  'PUT /api/Clinics/:id': { who: 'medic', audit: 'update clinic' },
  'GET /api/treatments': { who: 'medic' },
  'GET /api/treatments/consultation': { who: 'user' },
  'PUT /api/treatments': { who: 'medic' },
  'POST /api/treatments': { who: 'medic' },
  'PUT /api/treatments/prices': { who: 'medic' },
  'GET /api/medics': { who: 'medic' },
  'PUT /api/medics/:id': { who: 'medic' },
  // Patients and clinical records; 'POST /api/patients' is shared with sign-up above.
  'GET /api/patients': { who: 'owner', audit: 'read patients' },
  'GET /api/patients/:id': { who: 'owner', audit: 'read patient' },
  'PUT /api/patients/:id': { who: 'owner', audit: 'update patient' },
  'PUT /api/patients/:id/identity': { who: 'medic', audit: 'correct patient identity' },
  'GET /api/patients/:id/dependants': { who: 'owner', audit: 'read dependants' },
  'GET /api/clinicalhistories/search': { who: 'owner', audit: 'read clinical history' },
  'POST /api/clinicalhistories': { who: 'owner', audit: 'create clinical history' },
  'PUT /api/clinicalhistories/:id': { who: 'owner', audit: 'update clinical history' },
  'GET /api/clinicalhistories/:id/versions': { who: 'owner', audit: 'read clinical history versions' },
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
  // The front desk: the turns a change of hours would strand, and those waiting to be moved.
  'POST /api/turns/outside-hours': { who: 'medic', audit: 'read turns' },
  'GET /api/turns/needs-moving': { who: 'medic', audit: 'read turns' },
  'PUT /api/turns/:id/outcome': { who: 'medic', audit: 'turn outcome' },
  // Confirm or cancel from the reminder's links: no sign-in, the signed single-use token is the key.
  // Public, so not audited by this table (anyone could fill the log): a valid link's use writes its own row.
  'GET /api/replies/confirm': { who: 'public' },
  'POST /api/replies/confirm': { who: 'public' },
  'GET /api/replies/cancel': { who: 'public' },
  'POST /api/replies/cancel': { who: 'public' },
  // The mailed link that proves an address (sign-up, email change): the single-use token is the key.
  // Public, so not audited by this table: a valid link's use of a patient's account writes its own row.
  'GET /api/email/confirm': { who: 'public' },
  'POST /api/email/confirm': { who: 'public' },
  // Requests from accounts whose email is not confirmed: the desk lists them and cancels them at once.
  'GET /api/turns/unconfirmed': { who: 'medic', audit: 'read turns' },
  'POST /api/turns/cancel-unconfirmed': { who: 'medic', audit: 'cancel unconfirmed requests' },
  // The waitlist: a patient's own entries, every entry for the desk; offers taken through their mailed link.
  'GET /api/waitlist': { who: 'owner', audit: 'read waitlist' },
  'POST /api/waitlist': { who: 'owner', audit: 'join waitlist' },
  'DELETE /api/waitlist/:id': { who: 'owner', audit: 'leave waitlist' },
  'POST /api/waitlist/offer': { who: 'medic' },
  'GET /api/waitlist/offers/:token': { who: 'public' },
  'POST /api/waitlist/offers/:token/claim': { who: 'public' },
  // Recalls: the desk's list; a patient's own due date.
  'GET /api/recalls': { who: 'medic', audit: 'read recalls' },
  'GET /api/recalls/mine': { who: 'patient', audit: 'read own recall' },
  'PUT /api/recalls/:id': { who: 'medic', audit: 'update recall' },
  // The clinic's monthly figures (and their CSV): aggregates, no patient's data.
  'GET /api/reports': { who: 'medic', audit: 'read report' },
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
  'POST /api/Budgets/:id/quote-mail': { who: 'medic', audit: 'mail budget quote' },
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

/** The access-log entry of this request's answer: who, which action, the patients it showed, the route, the status. */
function entryOf(c: Context<Env>, action: string, status: number): AuditEntry {
  const shown = c.get('auditPatientIds');
  return {
    requestId: c.get('requestId') ?? crypto.randomUUID(),
    at: logTime(),
    userId: c.get('user')?.id ?? null,
    action,
    patientId: c.get('auditPatientId'),
    patientIds: shown ? patientIdsJson(shown) : null,
    route: `${c.req.method} ${new URL(c.req.url).pathname}`,
    status,
    view: screenViewOf(c.req.header(SCREEN_VIEW_HEADER)),
  };
}

/**
 * Logs one answer once it is known. A read (GET) goes through the access-log queue and is answered
 * only once the queue has taken its entry (`logRead`: 503 and nothing shown when it refuses); a
 * write's row is written directly, on the primary where the write ran.
 */
async function writeAudit(c: Context<Env>, rule: Rule & { audit: string }, status: number): Promise<void> {
  const entry = entryOf(c, rule.audit, status);
  if (READS.has(c.req.method)) await logRead(c, entry);
  else await writeAuditEntries(c.get('db'), [entry]);
}

const READS = new Set(['GET', 'HEAD']);

/**
 * A screen's read in ONE round trip to the database: its statements (the page, its count…) sent
 * as one read-only `batch`, which a read replica near the user may serve. Nothing is written with
 * it: on a route the access table audits, the patients the answer shows are noted
 * (`audit.patientsIn`, taken from the results; or `audit.patientIds`, a one-column select run in
 * the same batch) and the access middleware sends the request's entry, with its real status, once
 * the answer is known and before it leaves (fail-closed: no entry, no answer). Answers the reads'
 * results only.
 */
export async function readBatch<T extends Batch>(
  c: Context<Env>,
  reads: T,
  audit: ReadAudit = {},
): Promise<BatchResponse<T>> {
  const db = c.get('db');
  const logged = c.get('auditAction') !== null;
  const idsSql = logged && !audit.patientsIn && audit.patientIds ? audit.patientIds : null;
  // The caller's session, when it is still to be checked, rides last in the same batch.
  const check = c.get('sessionCheck');
  const extra = [
    ...(idsSql ? [pagePatientIdsRow(db, idsSql)] : []),
    ...(check ? [sessionQuery(db, check.id)] : []),
  ];
  const results = (await db.batch([...reads, ...extra] as unknown as Batch)) as unknown as unknown[];
  if (check) checkSessionIn(c, results[results.length - 1] as SessionRow[]);
  const answered = results.slice(0, reads.length);
  if (logged) {
    let shown: Iterable<number | null | undefined> | null = null;
    if (audit.patientsIn) shown = audit.patientsIn(answered);
    else if (idsSql) {
      const rows = results[reads.length] as { ids: string | null }[];
      shown = JSON.parse(rows[0]?.ids ?? '[]') as number[];
    }
    if (shown) {
      const ids = [...(c.get('auditPatientIds') ?? [])];
      for (const id of shown) if (typeof id === 'number') ids.push(id);
      c.set('auditPatientIds', ids);
    }
  }
  return answered as BatchResponse<T>;
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
  let refused = refusal(rule, c.get('user'));
  if (refused && sessionUnchecked(c)) {
    // Refused on what memory said of the caller: ask the database before refusing.
    await confirmSession(c);
    refused = refusal(rule, c.get('user'));
  }
  const audit = rule.audit;
  if (refused) {
    if (audit && refused.code === 'forbidden') await writeAudit(c, { ...rule, audit }, refused.status);
    throw refused;
  }
  // Signing up (nobody signed in) reaches nobody's records: only a medic registering one is logged.
  const logged = audit && !(rule.who === 'signup' && !c.get('user')) ? audit : undefined;
  if (logged) c.set('auditAction', logged);
  const signedIn = c.get('user') !== null;
  let status = 500;
  let failure: unknown = null;
  try {
    await next();
    status = c.res.status;
  } catch (err) {
    failure = err;
    status = err instanceof AppError ? err.status : 500;
  }
  // A session no read's batch checked is checked before the answer leaves; one that has ended
  // gets 401 alone, like any caller not signed in (not logged: nothing was shown).
  await confirmSession(c);
  if (signedIn && c.get('user') === null) {
    replaceAnswer(c, new AppError('unauthorized', MSG.notSignedIn));
    return;
  }
  if (!logged) {
    if (failure) throw failure;
    return;
  }
  // One entry per answer, sent before the answer leaves: if the log refuses it, the answer is that
  // refusal alone, without a header the read had set (a count, a bookmark).
  try {
    await writeAudit(c, { ...rule, audit: logged }, status);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    replaceAnswer(c, err);
    return;
  }
  if (failure) throw failure;
};

/** Answers `err` alone, instead of what the handler answered: none of its headers (a count, a bookmark) stay. */
function replaceAnswer(c: Context<Env>, err: AppError): void {
  const refused = errorResponse(c, err);
  c.res = undefined;
  c.res = new Response(refused.body, {
    status: refused.status,
    headers: { 'content-type': refused.headers.get('content-type') ?? 'application/json' },
  });
}

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
