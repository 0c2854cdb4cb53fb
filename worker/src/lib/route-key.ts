import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** The handler route (not a middleware) the request matched, as `METHOD path`. */
export function matchedRouteKey(c: Context): string | null {
  const handlers = matchedRoutes(c).filter((r) => r.method !== 'ALL');
  const last = handlers.at(-1);
  return last ? `${last.method} ${last.path}` : null;
}
