/** The API's error codes and their HTTP statuses. */
export const ERROR_STATUS = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  /** An offer whose hold has passed. */
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  bad_request: 400,
  upgrade_required: 426,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field errors keyed by dotted path, e.g. { 'infoUser.name': { msg: 'Name is required' } }. */
export type FieldErrors = Record<string, { msg: string }>;

export interface ApiErrorBody {
  error: ErrorCode;
  msg: string;
  errors?: FieldErrors;
  /** The request's id, also in the `X-Request-Id` header and the server's log line. */
  requestId?: string;
  /** A stale save (412): the record as it is now. */
  current?: Record<string, unknown>;
}
