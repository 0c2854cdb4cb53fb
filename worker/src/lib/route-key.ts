import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** The handler route (not a middleware) that answers the request: the first it matched, as `METHOD path`. */
export function matchedRouteKey(c: Context): string | null {
  const first = matchedRoutes(c).find((r) => r.method !== 'ALL');
  return first ? `${first.method} ${first.path}` : null;
}
