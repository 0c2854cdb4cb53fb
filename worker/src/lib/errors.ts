import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '../contract/errors';
import { MSG } from '../contract/messages';

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

export const invalid = (errors: FieldErrors): AppError => new AppError('invalid', MSG.invalidInput, errors);

/** The request id every error body carries, so a report can be matched to its log line. */
const requestIdOf = (c: Context): string | undefined => c.get('requestId');

export function errorResponse(c: Context, err: AppError): Response {
  const body = err.errors
    ? { error: err.code, msg: err.message, errors: err.errors, requestId: requestIdOf(c) }
    : { error: err.code, msg: err.message, requestId: requestIdOf(c) };
  return c.json(body, err.status);
}

/** SQLite's unique-index failure, as D1 and libSQL word it (also when wrapped as the cause). */
export function isUniqueViolation(err: unknown): boolean {
  const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err);
  return /UNIQUE constraint failed/i.test(text);
}

/** Never a stack trace: unknown failures are logged and answered with a plain 500. */
export function onError(err: Error, c: Context): Response {
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
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'unhandled',
      requestId: requestIdOf(c),
      error: String(err?.stack ?? err),
    }),
  );
  return errorResponse(c, new AppError('internal', MSG.somethingWentWrong));
}
