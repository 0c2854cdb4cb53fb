import type { AppType } from '@clinic/worker';
import {
  type FieldErrors,
  IDEMPOTENCY_HEADER,
  MSG,
  TOTAL_COUNT_HEADER,
  TOTAL_EXACT_HEADER,
} from '@clinic/worker/contract';
import { type ClientRequestOptions, type ClientResponse, hc } from 'hono/client';
import { withScreenView } from './audit/screenView';

/** Base path of the clinic API; every front end talks to the same origin. */
export const API_BASE = '/api';

export type { FieldErrors };

/** The API error shape `{ error, msg, errors? }` turned back into something a screen can throw and show. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly msg: string;
  readonly errors: FieldErrors | undefined;
  /** A stale save (412): the record as the server now has it. */
  readonly current: Record<string, unknown> | undefined;

  constructor(
    status: number,
    error: string,
    msg: string,
    errors?: FieldErrors,
    current?: Record<string, unknown>,
  ) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.msg = msg;
    this.errors = errors;
    this.current = current;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Builds an ApiError from any failed Response, tolerating bodies that are not the documented shape. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (e.g. a proxy error page): fall back to the status text below.
  }
  if (isRecord(body)) {
    const error = typeof body.error === 'string' ? body.error : 'error';
    const msg = typeof body.msg === 'string' ? body.msg : res.statusText || 'Something went wrong';
    const errors = isRecord(body.errors) ? (body.errors as FieldErrors) : undefined;
    const current = isRecord(body.current) ? body.current : undefined;
    return new ApiError(res.status, error, msg, errors, current);
  }
  return new ApiError(res.status, 'error', res.statusText || 'Something went wrong');
}

type UnauthorizedListener = (url: string) => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/**
 * Registers the one reaction to a 401 from any API call (session.ts: a session that ended mid-use
 * is cleared, and the home shell sends the user to `/`). The last registration wins.
 */
export function onUnauthorized(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** Reports a 401 answered to `url`; transports other than `apiFetch` (an XHR upload) call it themselves. */
export function reportUnauthorized(url: string): void {
  unauthorizedListener?.(url);
}

/** The D1 session's bookmark the API answers (worker/src/db/replica-reads.ts). */
const BOOKMARK_HEADER = 'X-D1-Bookmark';
/** The newest bookmark this tab was answered: its next read is served at least that fresh. */
let bookmark: string | null = null;

/** Bookmarks sort in time order: keep the newest. */
export function keepBookmark(answered: string | null): void {
  if (answered && (bookmark === null || answered > bookmark)) bookmark = answered;
}

/** A gateway's answers for a request the API did not get or did not finish: a hiccup, not a verdict. */
const HICCUPS = new Set([502, 503, 504]);
/** A read tried again after a hiccup: this many more times, waiting 250 ms, then 500 ms. */
const READ_RETRIES = 2;

class Hiccup extends Error {
  constructor(readonly res: Response) {
    super(`${res.status} ${res.statusText}`);
  }
}

function passed(res: Response): Response {
  if (HICCUPS.has(res.status)) throw new Hiccup(res);
  return res;
}

/**
 * Sends a read, and sends it again (p-retry) when the network drops it or a gateway answers 502,
 * 503 or 504, so a search or a page does not stay broken after one lost request. Writes are never
 * sent twice here. The last answer stands when every try hiccups. p-retry is loaded at the first
 * hiccup only: the login page does not carry it.
 */
async function readAgainOnHiccup(
  once: () => Promise<Response>,
  signal?: AbortSignal | null,
): Promise<Response> {
  try {
    return passed(await once());
  } catch (first) {
    const settled = (err: unknown): Response => {
      if (err instanceof Hiccup) return err.res;
      throw err;
    };
    if (signal?.aborted) throw first;
    // no network at all: the retry's own code cannot load either, and the first failure stands
    const loaded = await import('p-retry').catch(() => null);
    if (!loaded) return settled(first);
    const pRetry = loaded.default;
    try {
      // try 1 is the one that just failed: p-retry judges it, waits, and sends tries 2 and 3
      return await pRetry(
        async (attempt) => {
          if (attempt === 1) throw first;
          return passed(await once());
        },
        { retries: READ_RETRIES, minTimeout: 250, factor: 2, randomize: false, signal: signal ?? undefined },
      );
    } catch (err) {
      return settled(err);
    }
  }
}

/** The Idempotency-Key of the form save being sent now (`sendOnce`), and how many writes it sent so far. */
let saving: { key: string; writes: number } | null = null;

/**
 * Sends `send`'s writes under `key`: each carries `Idempotency-Key` (the key and the write's place in
 * the send, so a save's second write has a key of its own). A form sending again what it sent when
 * the answer was lost passes the same key, and the server answers the first save instead of doing
 * it twice (worker/src/services/idempotency/idempotent.ts).
 */
export async function sendOnce<T>(key: string, send: () => Promise<T>): Promise<T> {
  const mine = { key, writes: 0 };
  saving = mine;
  try {
    return await send();
  } finally {
    if (saving === mine) saving = null;
  }
}

/** The writes this tab sent (dry runs aside): how many were answered 2xx, how many not or not at all. */
const writes = { ok: 0, failed: 0 };

/** A copy of the write counts: a form compares them around its submit to know whether it was saved. */
export function writeCounts(): { ok: number; failed: number } {
  return { ...writes };
}

/**
 * `fetch` for every API call (the typed client's and the dry run's): a read is sent again after a
 * hiccup (readAgainOnHiccup), and a 401 is reported before it returns. Each request carries the
 * newest D1 bookmark this tab was answered, so a read served by a replica near the user still shows
 * what the user has just written.
 */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  withScreenView(headers);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const once = (): Promise<Response> => fetch(input, { ...init, headers });
  const isWrite = method.toUpperCase() !== 'GET' && !urlOf(input).includes('validate=true');
  if (isWrite && saving) headers.set(IDEMPOTENCY_HEADER, `${saving.key}-${++saving.writes}`);
  let res: Response;
  try {
    res = isWrite ? await once() : await readAgainOnHiccup(once, init?.signal);
  } catch (err) {
    if (isWrite) writes.failed++;
    throw err;
  }
  if (isWrite) writes[res.ok ? 'ok' : 'failed']++;
  keepBookmark(res.headers.get(BOOKMARK_HEADER));
  if (res.status === 401) reportUnauthorized(urlOf(input));
  return res;
}

/**
 * One page of a growing list and the count its X-Total-Count header gives: the full count, or,
 * for a search with many matches, at least that many (`exact` false, from X-Total-Count-Exact).
 */
export interface ListPage<T> {
  rows: T[];
  total: number;
  exact: boolean;
}

/** At most this many pages per list read: a guard against a count that keeps moving. */
const MAX_PAGES = 20;

/** Typed Hono RPC client for the worker's routes (cookie session included): the one way to call /api. */
export const api = hc<AppType>(API_BASE, { fetch: apiFetch, init: { credentials: 'include' } });

type AnyAnswer = ClientResponse<unknown, number, 'json' | 'text' | string>;

/** A form's write called as its dry run: `(input) => api.medics[':id'].$put({ param, json: input }, DRY_RUN)`. */
export type DryRun<P> = (payload: P) => Promise<AnyAnswer>;
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;

/** The body of the successful answers a typed call can give (`undefined` for a 204). */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, string>
    ? S extends 204
      ? undefined
      : S extends SuccessStatus
        ? T
        : never
    : never;

async function settle<R extends AnyAnswer>(call: Promise<R>): Promise<R> {
  let res: R;
  try {
    res = await call;
  } catch {
    // no answer at all: the browser's own words ('Failed to fetch') say nothing to a user
    throw new ApiError(0, 'network', MSG.serverUnreachable);
  }
  if (!res.ok) throw await toApiError(res as unknown as Response);
  return res;
}

/**
 * Awaits a typed call (`answer(api.patients[':id'].$get({ param: { id } }))`) and resolves with its
 * body, typed from the route's explicit statuses; any other answer, or no answer, throws ApiError.
 */
export async function answer<R extends AnyAnswer>(call: Promise<R>): Promise<Answer<R>> {
  const res = await settle(call);
  // The one place the body's type is asserted: the route's own declared statuses say what it is.
  if (res.status === 204) return undefined as Answer<R>;
  return (await res.json()) as Answer<R>;
}

/**
 * The row type of a list answer. Distributive: a route that answers one record or a list (a lookup
 * by email, or a search) gives its list's rows, since only the list is paged.
 */
export type RowOf<T> = T extends ReadonlyArray<infer Row> ? Row : never;

/** The one-record member of an answer that is one record or a list. */
export type OneOf<T> = Exclude<T, ReadonlyArray<unknown>>;

/** One page of a list and the count its X-Total-Count header gives (see ListPage). */
export async function answerPage<R extends AnyAnswer>(call: Promise<R>): Promise<ListPage<RowOf<Answer<R>>>> {
  const res = await settle(call);
  const rows = (await res.json()) as Array<RowOf<Answer<R>>>;
  return {
    rows,
    total: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? rows.length),
    exact: res.headers.get(TOTAL_EXACT_HEADER) !== 'false',
  };
}

/**
 * Every page of a growing list: `page(limit, offset)` makes the typed call for one page, `pageSize`
 * rows at a time, until the full count X-Total-Count gives is reached, a page comes back empty, or
 * `MAX_PAGES` pages were read (a count that keeps moving cannot loop for ever).
 */
export async function answerAll<R extends AnyAnswer>(
  page: (query: { limit: string; offset: string }) => Promise<R>,
  pageSize = 200,
): Promise<Array<RowOf<Answer<R>>>> {
  const rows: Array<RowOf<Answer<R>>> = [];
  for (let n = 0; n < MAX_PAGES; n++) {
    const batch = await answerPage(page({ limit: String(pageSize), offset: String(rows.length) }));
    rows.push(...batch.rows);
    if (batch.rows.length === 0 || (batch.exact && rows.length >= batch.total)) break;
  }
  return rows;
}

/**
 * A lookup of one record on a route that answers a list without it (`GET /patients?email=`):
 * resolves with the record; a list where one record was asked for is a 404 like a miss.
 */
export async function answerOne<R extends AnyAnswer>(call: Promise<R>): Promise<OneOf<Answer<R>>> {
  const body = await answer(call);
  if (Array.isArray(body)) throw new ApiError(404, 'not_found', MSG.notFound);
  return body as OneOf<Answer<R>>;
}

/**
 * The per-call options that make a typed write its `?validate=true` dry run (update forms
 * re-validate on every change): `api.medics[':id'].$put({ param, json }, DRY_RUN)`.
 */
export const DRY_RUN: ClientRequestOptions = {
  fetch: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    return apiFetch(`${url}${url.includes('?') ? '&' : '?'}validate=true`, init);
  },
};

/**
 * Awaits a dry run (a typed write called with DRY_RUN): the route's own rules on the body, nothing
 * stored, answered as `{ errors }` (empty when the body passes).
 */
export async function dryRun(call: Promise<AnyAnswer>): Promise<FieldErrors> {
  const res = await settle(call);
  const answered: unknown = await res.json();
  return isRecord(answered) && isRecord(answered.errors) ? (answered.errors as FieldErrors) : {};
}
