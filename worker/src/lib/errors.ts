import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '../contract/errors';
import { MSG, tooManyAttemptsIn } from '../contract/messages';
import { matchedRouteKey } from './route-key';

/** The one error type of the API; `onError` turns it into `{ error, msg, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    msg: string,
    readonly errors?: FieldErrors,
  ) {
    super(msg);
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

/**
 * A 429 that says when to ask again: the answer carries `Retry-After` (whole seconds, at least 1),
 * the time left of the limit's window or of the sign-in delay.
 */
export class TooManyRequests extends AppError {
  constructor(
    msg: string,
    readonly retryAfterMs: number,
  ) {
    super('too_many_requests', msg);
  }
}

export const invalid = (errors: FieldErrors): AppError => new AppError('invalid', MSG.invalidInput, errors);

/** The request id every error body carries, so a report can be matched to its log line. */
const requestIdOf = (c: Context): string | undefined => c.get('requestId');

export function errorResponse(c: Context, err: AppError): Response {
  let msg = err.message;
  if (err instanceof TooManyRequests) {
    const seconds = Math.max(1, Math.ceil(err.retryAfterMs / 1000));
    c.header('Retry-After', String(seconds));
    // A rate limit's words say how long, as its Retry-After does ('try again in 47 minutes').
    if (msg === MSG.tooManyAttempts) msg = tooManyAttemptsIn(seconds);
  }
  const body = err.errors
    ? { error: err.code, msg, errors: err.errors, requestId: requestIdOf(c) }
    : { error: err.code, msg, requestId: requestIdOf(c) };
  // A stale save (lib/etag.ts) answers the record as it is now.
  const current = (err as { current?: unknown }).current;
  return c.json(current === undefined ? body : { ...body, current }, err.status);
}

/** SQLite's unique-index failure, as D1 and libSQL word it (also when wrapped as the cause). */
export function isUniqueViolation(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err);
  return /UNIQUE constraint failed/i.test(text);
}

/** The class of an error, and of its cause (a query error wraps the database's), for the log. */
function errorClassOf(err: unknown): string {
  const name = (e: unknown): string => (e instanceof Error ? e.constructor.name || e.name : typeof e);
  const cause = err instanceof Error && err.cause !== undefined ? ` < ${name(err.cause)}` : '';
  return `${name(err)}${cause}`;
}

/**
 * Never a stack trace: unknown failures are answered with a plain 500 and logged as one JSON line
 * with the route pattern, the request id and the error class. Not the message, the stack or the
 * cause's text: a failed query's message carries its SQL and bound parameters (a patient's
 * document, an email).
 */
export function onError(err: Error, c: Context): Response {
  // A dry run (`?validate=true`) answers the handler's own field errors as it answers the schema's.
  if (err instanceof AppError && err.code === 'invalid' && c.get('validateOnly') === true) {
    return c.json({ errors: err.errors ?? {} }, 200);
  }
  if (err instanceof AppError) return errorResponse(c, err);
  // A unique index refused a write a route did not foresee (a race past its check): the value is
  // taken, which is a conflict, not a server failure.
  if (isUniqueViolation(err)) return errorResponse(c, new AppError('conflict', MSG.alreadyRegistered));
  const status = (err as { status?: number }).status;
  if (status === 413) return errorResponse(c, new AppError('too_large', MSG.tooLarge));
  if (err instanceof SyntaxError) return errorResponse(c, new AppError('bad_request', MSG.invalidJson));
  if (err instanceof HTTPException && err.status < 500) {
    return c.json(
      { error: 'bad_request', msg: err.message || MSG.invalidJson, requestId: requestIdOf(c) },
      err.status,
    );
  }
  const key = matchedRouteKey(c);
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'unhandled',
      requestId: requestIdOf(c),
      method: c.req.method,
      route: key ? key.slice(key.indexOf(' ') + 1) : '(no route)',
      errorClass: errorClassOf(err),
    }),
  );
  return errorResponse(c, new AppError('internal', MSG.somethingWentWrong));
}
