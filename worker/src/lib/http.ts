import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { MSG } from '../contract/messages';
import type { Env } from '../env';
import { AppError, errorResponse } from './errors';

export const JSON_LIMIT = 1024 * 1024;
/** A study PDF may be 20 MB; the multipart envelope needs a little more. */
export const UPLOAD_LIMIT = 20 * 1024 * 1024 + 64 * 1024;

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that take a body other than JSON: study uploads (multipart) and the signed payment webhook. */
const NON_JSON = [/^\/api\/studies\/?$/, /^\/api\/payments\/webhook\/?$/];

/** No-store on every API answer (DESIGN §7.8); `headers` below adds the security headers. */
export const apiHeaders: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

export const headers = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  referrerPolicy: 'same-origin',
});

/** Body limit: 1 MB for JSON, 20 MB for uploads; larger bodies get 413 in the API shape. */
export const limitBody: MiddlewareHandler<Env> = (c, next) => {
  const path = new URL(c.req.url).pathname;
  const maxSize = NON_JSON.some((re) => re.test(path)) ? UPLOAD_LIMIT : JSON_LIMIT;
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

/** Cross-site requests cannot change anything (DESIGN §7.7): a foreign Origin on a write is refused. */
export const sameOrigin: MiddlewareHandler<Env> = async (c, next) => {
  if (!WRITE.has(c.req.method)) return next();
  if (c.req.method === 'POST' && new URL(c.req.url).pathname === SIGNED_WEBHOOK) return next();
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  const own = new URL(c.req.url).origin;
  const allowed = new Set([own, c.env.APP_ORIGIN].filter(Boolean));
  if (
    (origin && origin !== 'null' && !allowed.has(origin)) ||
    origin === 'null' ||
    fetchSite === 'cross-site'
  ) {
    throw new AppError('forbidden', MSG.foreignOrigin);
  }
  return next();
};

/** Writes with a body must be JSON (except uploads and the webhook); malformed JSON is a 400. */
export const jsonBodies: MiddlewareHandler<Env> = async (c, next) => {
  if (!WRITE.has(c.req.method)) return next();
  const path = new URL(c.req.url).pathname;
  if (NON_JSON.some((re) => re.test(path))) return next();
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (!hasBody) return next();
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', MSG.unsupportedMediaType);
  }
  try {
    await c.req.json(); // parsed once here; validators read the cached value
  } catch {
    throw new AppError('bad_request', MSG.invalidJson);
  }
  return next();
};
