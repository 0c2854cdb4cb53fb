import type { BatchResponse } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler } from 'hono';
import {
  type AuditEntry,
  logRead,
  logTime,
  patientIdsJson,
  writeAuditEntries,
} from '../access-log/access-log';
import { pagePatientIdsRow } from '../access-log/access-log.repo';
import { SCREEN_VIEW_HEADER, screenViewOf } from '../contract/access-log';
import { MSG } from '../contract/messages';
import type { Batch, ReadAudit, Reader } from '../db/client';
import type { Env, SessionUser } from '../env';
import { AppError, errorResponse } from '../lib/errors';
import { matchedDeclaration, type Rule } from '../lib/route';
import { isApprovedMedic, isPatient, isPatientSelf } from './caller';
import { type PatientRecord, patientOfRecord } from './refusal.repo';
import { checkSessionIn, confirmSession, endedCredential, sessionUnchecked } from './session';
import { type SessionRow, sessionQuery } from './session.repo';

export type { Rule, Who } from '../lib/route';

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

/**
 * Where a request names the patient whose records it reaches, on the routes that name them in the
 * path (`:id`), the query (`?id=`) or the body (a JSON field, or a form's for an upload), or name
 * one of their records (`of`: a budget, a study, a recall, a turn): a request refused before its
 * handler runs (a medic still waiting for approval) is logged
 * against that patient, as a refusal inside the handler is (`assertPatientAccess` names the patient
 * first), so the patient's own access log shows the attempt.
 */
export const PATIENT_NAMED_IN: Record<
  string,
  { param: string; of?: PatientRecord } | { query: string } | { body: string; of?: PatientRecord }
> = {
  'GET /api/patients/:id': { param: 'id' },
  'PUT /api/patients/:id': { param: 'id' },
  'PUT /api/patients/:id/identity': { param: 'id' },
  'GET /api/patients/:id/dependants': { param: 'id' },
  'GET /api/patients/:id/audit': { param: 'id' },
  'GET /api/patients/:id/access-log': { param: 'id' },
  'DELETE /api/patients/:id/second-factor': { param: 'id' },
  'GET /api/clinicalhistories/search': { query: 'id' },
  'PUT /api/clinicalhistories/:id': { param: 'id' },
  'GET /api/clinicalhistories/:id/versions': { param: 'id' },
  'GET /api/evolutions': { query: 'PatientID' },
  'GET /api/studies/search': { query: 'id' },
  'GET /api/studies/:id/file': { param: 'id', of: 'study' },
  'GET /api/Budgets/:id': { param: 'id', of: 'budget' },
  'POST /api/Budgets/:id/void': { param: 'id', of: 'budget' },
  'POST /api/Budgets/:id/payments': { param: 'id', of: 'budget' },
  'POST /api/Budgets/:id/refunds': { param: 'id', of: 'budget' },
  'POST /api/Budgets/:id/quote-mail': { param: 'id', of: 'budget' },
  'GET /api/recalls/:id': { param: 'id', of: 'recall' },
  'PUT /api/recalls/:id': { param: 'id', of: 'recall' },
  'POST /api/Budgets': { body: 'PatientID' },
  'PUT /api/Budgets': { body: 'ID', of: 'budget' },
  'POST /api/Budgets/:id/credit': { param: 'id', of: 'budget' },
  'POST /api/evolutions': { body: 'PatientID' },
  'POST /api/clinicalhistories': { body: 'patient' },
  'POST /api/studies': { body: 'patient' },
  'POST /api/waitlist': { body: 'PatientID' },
  'POST /api/turns': { body: 'PatientID' },
  'PUT /api/turns/update/:id': { param: 'id', of: 'turn' },
  'PUT /api/turns/move/:id': { param: 'id', of: 'turn' },
  'PUT /api/turns/:id/outcome': { param: 'id', of: 'turn' },
};

/** A field of the request's body: a JSON object's, or a form's (an upload); undefined if unreadable. */
async function bodyField(c: Context<Env>, field: string): Promise<string | undefined> {
  try {
    const type = c.req.header('Content-Type') ?? '';
    const body: Record<string, unknown> = type.startsWith('multipart/form-data')
      ? await c.req.parseBody()
      : await c.req.json();
    const value = body?.[field];
    return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
  } catch {
    return undefined;
  }
}

/** The patient the request names where `PATIENT_NAMED_IN` says (`key`: its route), or null. */
async function patientNamedIn(c: Context<Env>, key: string): Promise<number | null> {
  const where = PATIENT_NAMED_IN[key];
  if (!where) return null;
  let value: string | undefined;
  if ('query' in where) value = c.req.query(where.query);
  else if ('body' in where) value = await bodyField(c, where.body);
  else {
    // The access middleware runs before the route's own handlers: the parameter is read off the
    // path against the route's pattern.
    const pattern = key.slice(key.indexOf(' ') + 1).split('/');
    const path = new URL(c.req.url).pathname.split('/');
    const at = pattern.indexOf(`:${where.param}`);
    value = at >= 0 && pattern.length === path.length ? path[at] : undefined;
  }
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) <= 0) return null;
  const id = Number(value);
  return 'of' in where && where.of ? patientOfRecord(c.get('db'), where.of, id) : id;
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
 * it: on a route its declaration audits, the patients the answer shows are noted
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
 * Enforces the route's declaration (`route(...)`, its first handler); a route without one is refused, never silently open. On a route that
 * carries patient data (`audit`), every answer is logged: what it showed, and a refusal (403) as a
 * refusal; a caller who is not signed in (401) is not, so nobody can fill the log anonymously.
 */
export const enforceAccess: MiddlewareHandler<Env> = async (c, next) => {
  const matched = matchedDeclaration(c);
  if (!matched) return next(); // nothing matched: the 404 handler answers
  const rule = matched.declaration;
  if (!rule) throw new AppError('forbidden', MSG.forbidden);
  let refused = refusal(rule, c.get('user'));
  if (refused && sessionUnchecked(c)) {
    // Refused on what memory said of the caller: ask the database before refusing.
    await confirmSession(c);
    refused = refusal(rule, c.get('user'));
  }
  // The desk registering a patient after its session ended elsewhere is not a stranger signing up:
  // 401, as every other route answers, instead of a sign-up's 'Password is required'.
  if (!refused && rule.who === 'signup' && endedCredential(c))
    refused = new AppError('unauthorized', MSG.notSignedIn);
  const audit = rule.audit;
  if (refused) {
    if (audit && refused.code === 'forbidden') {
      c.set('auditPatientId', await patientNamedIn(c, matched.key));
      await writeAudit(c, { ...rule, audit }, refused.status);
    }
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
