import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { MSG } from '../contract/messages';
import { type Bindings, type Env, isLocal } from '../env';
import { PERMISSIONS_POLICY, workerPagePolicy } from './app-page';
import { AppError, errorResponse } from './errors';

export const JSON_LIMIT = 1024 * 1024;
/** A study PDF may be 20 MB; the multipart envelope needs a little more. */
export const UPLOAD_LIMIT = 20 * 1024 * 1024 + 64 * 1024;

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The signed payment webhook: its body is read raw, for its signature (routes/payments). */
const WEBHOOK = /^\/api\/payments\/webhook\/?$/;
/** The study upload: its multipart body is limited by `boundedFormData` as it streams in (lib/multipart). */
const STUDY_UPLOAD = /^\/api\/studies\/?$/;

/**
 * The two bodies that are not JSON: the webhook's, and a study sent as a multipart upload. Every
 * other write's body, a study sent as a JSON link included, is JSON, held to JSON's limit.
 */
export function bodyOf(c: Context<Env>): 'webhook' | 'upload' | 'json' {
  const path = new URL(c.req.url).pathname;
  if (WEBHOOK.test(path)) return 'webhook';
  const multipart = /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');
  return c.req.method === 'POST' && STUDY_UPLOAD.test(path) && multipart ? 'upload' : 'json';
}

/**
 * No-store and the Permissions-Policy on every API answer, and an HTML page the worker writes
 * (API reference, demo checkout, reminders opt-out) gets its own strict CSP; `headers` below adds
 * the other security headers.
 */
export const apiHeaders: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('Permissions-Policy', PERMISSIONS_POLICY);
  if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) {
    c.header(
      'Content-Security-Policy',
      await workerPagePolicy(await c.res.clone().text(), new URL(c.req.url).origin),
    );
  }
};

export const headers = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  referrerPolicy: 'same-origin',
});

/**
 * Body limit: 1 MB for JSON, 20 MB for the webhook; larger bodies get 413 in the API shape. A
 * multipart study upload is left to `boundedFormData`, which also counts its parts while reading:
 * hono's limit would first buffer a body sent without Content-Length whole.
 */
export const limitBody: MiddlewareHandler<Env> = (c, next) => {
  const body = bodyOf(c);
  if (body === 'upload') return next();
  const maxSize = body === 'webhook' ? UPLOAD_LIMIT : JSON_LIMIT;
  return bodyLimit({
    maxSize,
    onError: (ctx) => errorResponse(ctx, new AppError('too_large', MSG.tooLarge)),
  })(c, next);
};

/**
 * The one write that comes from another site by design: Stripe's payment webhook, which carries no
 * session and is authenticated by its signature (routes/payments), not by its origin.
 */
const SIGNED_WEBHOOK = '/api/payments/webhook';

/** The names a local run answers to: a rebinding name (evil.example resolving to 127.0.0.1) is not one. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(name);
}

/**
 * Local mode answers only loopback `Host` values, so a page on another name that resolves to this
 * machine (DNS rebinding) cannot read the dev outbox or pass the same-origin check.
 */
export const loopbackOnly: MiddlewareHandler<Env> = async (c, next) => {
  if (!isLocal(c.env)) return next();
  const host = c.req.header('host');
  if (!isLoopbackHost(new URL(c.req.url).host) || (host !== undefined && !isLoopbackHost(host))) {
    throw new AppError('forbidden', MSG.loopbackOnly);
  }
  return next();
};

/** `APP_ORIGIN` as links use it (no trailing slash), or undefined when it is not set. */
export const configuredOrigin = (env: Bindings): string | undefined =>
  env.APP_ORIGIN?.trim().replace(/\/+$/, '') || undefined;

/**
 * The one origin the app's links (reset mails, OIDC redirects, checkout returns) and the
 * same-origin check use: `APP_ORIGIN`, never a host the request chose. Locally, where it may be
 * unset, the request's own origin stands in, once `loopbackOnly` has made sure it is loopback.
 * Deployed without `APP_ORIGIN`, the caller gets 503 and the log says why.
 */
export function appOrigin(c: Context<Env>): string {
  const configured = configuredOrigin(c.env);
  if (configured) return configured;
  const own = new URL(c.req.url);
  if (isLocal(c.env) && isLoopbackHost(own.host)) return own.origin;
  console.error('APP_ORIGIN is not set: links and the same-origin check have no origin to use');
  throw new AppError('unavailable', MSG.appOriginMissing);
}

/**
 * Cross-site requests cannot change anything: a write must say it comes from the app, by its
 * `Origin` (every browser sends it on a POST, PUT or DELETE) or, failing that, by
 * `Sec-Fetch-Site: same-origin`. A foreign or missing Origin is refused, as is a write that does
 * not say where it comes from at all. The signed payment webhook is the one exception.
 */
export const sameOrigin: MiddlewareHandler<Env> = async (c, next) => {
  if (!WRITE.has(c.req.method)) return next();
  if (c.req.method === 'POST' && new URL(c.req.url).pathname === SIGNED_WEBHOOK) return next();
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site')
    throw new AppError('forbidden', MSG.foreignOrigin);
  if (origin === undefined ? fetchSite !== 'same-origin' : origin !== appOrigin(c)) {
    throw new AppError('forbidden', MSG.foreignOrigin);
  }
  return next();
};

/** Writes with a body must be JSON (but a study's upload and the webhook); malformed JSON is a 400. */
export const jsonBodies: MiddlewareHandler<Env> = async (c, next) => {
  if (!WRITE.has(c.req.method) || bodyOf(c) !== 'json') return next();
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (!hasBody) return next();
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', MSG.unsupportedMediaType);
  }
  await readJson(c); // parsed once here; validators read the cached value
  return next();
};

/** The request's JSON body (parsed once, then Hono's cached value); malformed JSON is a 400. */
export async function readJson(c: Context<Env>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('bad_request', MSG.invalidJson);
  }
}
