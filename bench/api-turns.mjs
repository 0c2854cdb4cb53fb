// A month of turns at scale (DESIGN §8): 200,000 turns, GET /api/turns for one month (a page of
// 200, the calendar's read) at 50 concurrent clients against `wrangler dev`; p50/p99 in ms under
// results.api.monthOfTurns. Run by bench/api-search.mjs's worker, after the patients it needs.
import { loadPaths, percentile, post } from './api-search.mjs';

export const TURNS_BENCH = { turns: 200_000, clients: 50, requests: 3000, pageSize: 200, budgetP99Ms: 50 };

/** The first and last day of the `i`-th of 24 months from `from` ('YYYY-MM-DD'). */
function monthOf(from, i) {
  const [y, m] = from.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1 + (i % 24), 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

export async function runTurnsBench({ baseUrl, results = {} }) {
  const { turns, from } = await post(baseUrl, `/api/dev/bench/turns?total=${TURNS_BENCH.turns}`);
  const { token } = await post(baseUrl, '/api/login?bearer=true', {
    email: 'medic@clinic.test',
    password: 'Medic2026',
  });
  const { clients, requests, pageSize, budgetP99Ms } = TURNS_BENCH;
  const pathOf = (i) => {
    const [first, last] = monthOf(from, i);
    return `/api/turns?from=${first}&to=${last}&limit=${pageSize}`;
  };
  await loadPaths(baseUrl, token, 200, clients, pathOf); // warm-up
  const sorted = await loadPaths(baseUrl, token, requests, clients, pathOf);
  const p50Ms = percentile(sorted, 50);
  const p99Ms = percentile(sorted, 99);
  const figures = { turns, clients, requests, pageSize, budgetP99Ms, p50Ms, p99Ms };
  results.api = { ...(results.api ?? {}), monthOfTurns: figures };
  const over = p99Ms >= budgetP99Ms;
  return {
    figures,
    lines: [
      {
        text: `api month of turns (${turns} turns, ${clients} clients, a page of ${pageSize}): p50 ${p50Ms} ms, p99 ${p99Ms} ms (budget p99 < ${budgetP99Ms} ms)${over ? ' OVER BUDGET' : ''}`,
        over,
      },
    ],
  };
}
