import type { Context, Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type * as v from 'valibot';
import type { Env } from '../env';

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

/** Who may call a route, and what the access log writes of it. */
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

/** The error statuses a route may answer beyond those its access rule and validators imply (routes/docs/openapi). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 426 | 429 | 503;

/** A route's successful answer: JSON with its schema, a page, a file, a redirect or a WebSocket. */
export interface Success {
  status: 101 | 200 | 201 | 302 | 303;
  description: string;
  /** JSON answers: the schema every answer of this status matches. */
  schema?: v.GenericSchema;
  /** Another kind of answer than JSON. */
  media?: 'text/html' | 'application/pdf' | 'text/csv';
  /** Lists give their full count in `X-Total-Count` (and `X-Total-Count-Exact: false` when it is a lower bound). */
  counted?: boolean;
}

/** What a route answers, for the API description and the API tests. */
export interface RouteAnswers {
  summary: string;
  /** Markdown. */
  description?: string;
  success: Success[];
  /** Statuses this route answers for reasons of its own, each with its reason. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /**
   * Why the route is not among the document's paths: a WebSocket (OpenAPI describes HTTP answers)
   * or a local stand-in that a deployment answers 404. The document's description names it.
   */
  outside?: string;
  /** Request bodies a route reads itself (not through a validator), by media type. */
  bodies?: Record<string, v.GenericSchema>;
}

/** Everything a route says about itself besides its path, its validators and its handler. */
export type Declaration = Rule & RouteAnswers;

export const json = (
  status: 200 | 201,
  schema: v.GenericSchema,
  description: string,
  counted?: true,
): Success => ({
  status,
  schema,
  description,
  ...(counted ? { counted } : {}),
});
export const html = (description: string): Success => ({ status: 200, media: 'text/html', description });
/** `?format=csv`: the list as a file (UTF-8 with a byte-order mark, a header row, formula-safe cells). */
export const csv = (what: string): Success => ({
  status: 200,
  media: 'text/csv',
  description: `With \`format=csv\`: ${what} as a CSV attachment (UTF-8 with a byte-order mark, a header row; a cell starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe so it is never run).`,
});

export const TOO_MANY = 'Too many attempts: wait and try again (`Retry-After` says how many seconds).';
export const SLOWED =
  'Too many wrong codes or passwords for this account: wait and try again (`Retry-After` says how many seconds).';
export const NO_MAIL = 'Mail is not configured on this deployment: nothing was sent or changed.';
/** A save sent with `If-Match` after someone else changed the record (lib/etag.ts). */
export const STALE =
  'Sent with `If-Match`, and the record changed since (its `ETag` differs): nothing written; `current` holds the record as it is now, and `ETag` its tag.';

const declarations = new WeakMap<object, Declaration>();

/**
 * A route's declaration: who may call it, what the access log writes, what it answers. It is the
 * route's FIRST handler (`.get('/', route({...}), queryOf(...), handler)`), a middleware that only
 * passes on; the access middleware, the API description and the tests read it from the app's routes.
 */
export function route(declaration: Declaration): MiddlewareHandler<Env> {
  const declared: MiddlewareHandler<Env> = async (_c, next) => {
    await next();
  };
  declarations.set(declared, declaration);
  return declared;
}

/** The declaration a handler carries, if it is a `route(...)`. */
export function declarationOf(handler: unknown): Declaration | undefined {
  return typeof handler === 'function' ? declarations.get(handler) : undefined;
}

/**
 * Every declared route of an app, keyed `METHOD path` as the app registers it (with `prefix` before
 * the path), in the order the app registers them.
 */
export function declarationsOf(app: Hono<Env>, prefix = ''): Map<string, Declaration> {
  const found = new Map<string, Declaration>();
  for (const r of app.routes) {
    const declaration = declarationOf(r.handler);
    if (declaration) found.set(`${r.method} ${prefix}${r.path}`, declaration);
  }
  return found;
}

/**
 * The request's route (the handler route that answers it: the first one it matched, not a
 * middleware) as `METHOD path`, and its declaration; `declaration` is undefined for a route that
 * declares nothing (refused). A literal path (`/recalls/mine`) registered before a parameter's
 * (`/recalls/:id`) answers with its own declaration.
 */
export function matchedDeclaration(c: Context): { key: string; declaration?: Declaration } | null {
  const matched = matchedRoute(c);
  if (!matched) return null;
  const declared = matched.handlers.find((h) => declarationOf(h));
  return { key: matched.key, declaration: declarationOf(declared) };
}

/**
 * The request's route (the first handler route it matched, not a middleware) as `METHOD path`, and
 * the handlers registered under it: its declaration, validators, middlewares and handler.
 */
export function matchedRoute(c: Context): { key: string; handlers: unknown[] } | null {
  const matched = matchedRoutes(c).filter((r) => r.method !== 'ALL');
  const first = matched[0];
  if (!first) return null;
  const own = matched.filter((r) => r.method === first.method && r.path === first.path);
  return { key: `${first.method} ${first.path}`, handlers: own.map((r) => r.handler) };
}
