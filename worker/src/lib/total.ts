import type { Context } from 'hono';
import { COUNT_AHEAD, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER, type Total } from '../contract/validation';

/** A search counts its matches up to this many: `COUNT_AHEAD` past the page it answers. */
export function countCap(offset: number, limit: number): number {
  return offset + limit + COUNT_AHEAD;
}

/** `counted` matches found by a count that stopped at `cap`: exact only below the cap. */
export function boundedTotal(counted: number, cap: number): Total {
  return { total: counted, exact: counted < cap };
}

/**
 * Sets a list's X-Total-Count: a number is a full count; a `Total` that is not exact adds
 * X-Total-Count-Exact: false (a lower bound).
 */
export function setTotal(c: Context, count: number | Total): void {
  const { total, exact } = typeof count === 'number' ? { total: count, exact: true } : count;
  c.header(TOTAL_COUNT_HEADER, String(total));
  if (!exact) c.header(TOTAL_EXACT_HEADER, 'false');
}
