/**
 * D1 rows read and written per request, for local runs only (`npm run bench` reads them).
 *
 * D1 reports `rows_read`, `rows_written` and `duration` in each statement's `meta`, but drizzle
 * reads most results through `raw()`, which drops the meta. So the count is taken one level down:
 * the request gets its own view of the D1 binding whose transport (the binding's `fetcher`) sums
 * the meta of every answer it carries — single statements and batches alike — before handing the
 * answer on untouched. Nothing is shared between requests, and deployed workers never use this.
 *
 * libSQL answers carry no such meta; its query plans are checked with EXPLAIN QUERY PLAN instead
 * (worker/src/routes/query-plans.test.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { type Env, isLocal } from '../env';

export interface RowsRead {
  rowsRead: number;
  rowsWritten: number;
  /** Milliseconds SQLite spent, as D1 reports it. */
  durationMs: number;
  statements: number;
  /** Trips to the database: a single statement or a whole batch is one. */
  roundTrips: number;
  /**
   * Trips that had to reach the primary: every trip of a write request (its D1 session starts
   * there), and any trip of a read that writes. The others a read replica near the user may serve.
   */
  primaryTrips: number;
  /** False when the binding did not have the shape this module counts through. */
  counted: boolean;
}

interface Fetcher {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/**
 * Each statement's `meta` in D1's answer, read from its text: a flat object after `"meta":`. A
 * quote inside a string value is always escaped, so `"meta":{` after `{` or `,` is only ever the
 * key itself. Found with `indexOf` rather than by parsing the whole answer: parsing a page of 200
 * turns a second time (the binding parses it too) cost the bench about 2 ms a request, more than
 * the product's own work on it.
 */
const META_KEY = '"meta":{';
const ROWS_READ = /"rows_read":([0-9]+)/;
const ROWS_WRITTEN = /"rows_written":([0-9]+)/;
const DURATION = /"duration":([0-9.eE+-]+)/;
const field = (meta: string, name: RegExp): number => Number(name.exec(meta)?.[1] ?? 0);

function add(totals: RowsRead, body: string): void {
  for (let at = body.indexOf(META_KEY); at > 0; at = body.indexOf(META_KEY, at + META_KEY.length)) {
    if (body[at - 1] !== '{' && body[at - 1] !== ',') continue;
    const start = at + META_KEY.length;
    const meta = body.slice(start, body.indexOf('}', start));
    totals.statements++;
    totals.rowsRead += field(meta, ROWS_READ);
    totals.rowsWritten += field(meta, ROWS_WRITTEN);
    totals.durationMs += field(meta, DURATION);
  }
}

/** A statement that writes, as D1's transport carries it (`"sql":"insert …"`). */
const WRITES = /"sql"\s*:\s*"\s*(?:insert|update|delete|replace|create|drop|alter)\b/i;

/** How far the database is: every trip to the primary pays `primaryMs`, one a replica may serve `replicaMs`. */
export interface Distance {
  primaryMs: number;
  replicaMs: number;
}

function countingFetcher(inner: Fetcher, totals: RowsRead, distance: Distance, read: boolean): Fetcher {
  return {
    fetch: async (input, init) => {
      totals.roundTrips++;
      const sent =
        typeof init?.body === 'string'
          ? init.body
          : input instanceof Request
            ? await input.clone().text()
            : '';
      const primary = !read || WRITES.test(sent);
      if (primary) totals.primaryTrips++;
      // The bench's far-database profiles: every trip pays the network a distant clinic would.
      const delayMs = primary ? distance.primaryMs : distance.replicaMs;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const response = await inner.fetch(input, init);
      const body = await response.text();
      add(totals, body);
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}

/**
 * A view of `d1` that counts into the answered totals. The binding's statements reach D1 through
 * `alwaysPrimarySession.fetcher`; the view inherits every method and overrides only that field, so
 * it behaves as the binding does. Should the binding ever lack that shape, `d1` itself is answered
 * and `counted` stays false.
 */
export function countRowsRead(
  d1: D1Database,
  delayMs: number | Distance = 0,
  read = true,
): { d1: D1Database; totals: RowsRead } {
  const distance = typeof delayMs === 'number' ? { primaryMs: delayMs, replicaMs: delayMs } : delayMs;
  const totals: RowsRead = {
    rowsRead: 0,
    rowsWritten: 0,
    durationMs: 0,
    statements: 0,
    roundTrips: 0,
    primaryTrips: 0,
    counted: false,
  };
  const binding = d1 as unknown as { alwaysPrimarySession?: { fetcher?: Fetcher } };
  const session = binding.alwaysPrimarySession;
  if (!session?.fetcher || typeof session.fetcher.fetch !== 'function') return { d1, totals };
  const view = Object.create(d1) as { alwaysPrimarySession: unknown; fetcher: Fetcher };
  const ownSession = Object.create(session) as { fetcher: Fetcher };
  ownSession.fetcher = countingFetcher(session.fetcher, totals, distance, read);
  view.alwaysPrimarySession = ownSession;
  view.fetcher = ownSession.fetcher;
  totals.counted = true;
  return { d1: view as unknown as D1Database, totals };
}

/** The `Server-Timing` entry the bench reads: `db;desc="rows_read=… rows_written=… statements=… round_trips=…";dur=…`. */
export function serverTiming(totals: RowsRead): string {
  const read = totals.counted ? String(totals.rowsRead) : 'unknown';
  const written = totals.counted ? String(totals.rowsWritten) : 'unknown';
  const desc = `rows_read=${read} rows_written=${written} statements=${totals.statements} round_trips=${totals.roundTrips}`;
  return `db;desc="${desc}";dur=${Math.round(totals.durationMs * 100) / 100}`;
}

/** The `Server-Timing` entry of the trips that reached the primary: `db-primary;desc="trips=…"`. */
export const primaryTiming = (totals: RowsRead): string => `db-primary;desc="trips=${totals.primaryTrips}"`;

/**
 * Locally, gives the request a counting view of the D1 binding (before the database is opened)
 * and answers the totals in a `Server-Timing` header. Elsewhere, or on libSQL, it does nothing.
 * Mounted by the dev entry only (src/index.dev.ts): no deployed bundle holds it. `D1_RTT_MS`
 * (the bench's `--d1-rtt`) delays every trip to D1 by that many milliseconds; with
 * `D1_REPLICA_RTT_MS` (`--replica-rtt`) a trip a read replica may serve waits that long instead.
 */
export const countDbRows: MiddlewareHandler<
  Env & { Bindings: { D1_RTT_MS?: string; D1_REPLICA_RTT_MS?: string } }
> = async (c, next) => {
  if (!isLocal(c.env) || c.env.LIBSQL_URL) return next();
  const ms = (v: string | undefined) => {
    const n = Number(v ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const primaryMs = ms(c.env.D1_RTT_MS);
  // The replica profile: D1_RTT_MS is the primary's distance, D1_REPLICA_RTT_MS the nearest replica's.
  const replicaMs = c.env.D1_REPLICA_RTT_MS === undefined ? primaryMs : ms(c.env.D1_REPLICA_RTT_MS);
  const read = c.req.method === 'GET' || c.req.method === 'HEAD';
  const { d1, totals } = countRowsRead(c.env.DB, { primaryMs, replicaMs }, read);
  c.env = { ...c.env, DB: d1 };
  await next();
  c.header('Server-Timing', serverTiming(totals), { append: true });
  c.header('Server-Timing', primaryTiming(totals), { append: true });
};
