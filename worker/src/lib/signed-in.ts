import type { Input, MiddlewareHandler } from 'hono';
import type { HandlerResponse } from 'hono/types';
import type { Env } from '../env';

/**
 * `POST /api/patients` and `POST /api/medics` are shared: without a session they are sign-up
 * (routes/accounts), with one a medic registers someone else (routes/patients, routes/medics). Each
 * handler validates only its own callers and passes the others on with `next()`.
 */
export function whenSignedOut<P extends string, I extends Input, R extends HandlerResponse<unknown>>(
  mw: MiddlewareHandler<Env, P, I, R>,
): MiddlewareHandler<Env, P, I, R> {
  return async (c, next) => (c.get('user') ? next() : mw(c, next));
}

/** The other half of {@link whenSignedOut}: runs the middleware only for a signed-in caller. */
export function whenSignedIn<P extends string, I extends Input, R extends HandlerResponse<unknown>>(
  mw: MiddlewareHandler<Env, P, I, R>,
): MiddlewareHandler<Env, P, I, R> {
  return async (c, next) => (c.get('user') ? mw(c, next) : next());
}
