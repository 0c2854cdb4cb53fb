import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { matchedRouteKey } from './route-key';

/**
 * The one log line of an API request, as JSON. It names the route by its pattern
 * (`/api/patients/:id`, never the id itself) and the caller by user type only: no patient data,
 * no email, no token, no query string, no body ever reaches it.
 */
export interface RequestLogLine {
  type: 'request';
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userType: 'Medic' | 'Patient' | 'anonymous';
}

/**
 * Gives every request an id, answered in `X-Request-Id` (and in every error body, see lib/errors),
 * and writes one JSON line per API request once its answer is ready.
 */
export const requestLog: MiddlewareHandler<Env> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (path !== '/api' && !path.startsWith('/api/')) return next();
  const requestId = crypto.randomUUID();
  c.set('requestId', requestId);
  const started = Date.now();
  await next();
  c.header('X-Request-Id', requestId);
  const key = matchedRouteKey(c);
  const line: RequestLogLine = {
    type: 'request',
    requestId,
    method: c.req.method,
    // Unmatched paths are not logged as sent: a mistyped URL may carry anything.
    route: key ? key.slice(key.indexOf(' ') + 1) : '(no route)',
    status: c.res.status,
    durationMs: Date.now() - started,
    userType: c.get('user')?.userType ?? 'anonymous',
  };
  console.log(JSON.stringify(line));
};
