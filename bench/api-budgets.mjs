// A page of budgets at scale (DESIGN §8): 50,000 budgets over the bench patients, a page of 20
// sorted and filtered (GET /api/Budgets), 50 concurrent clients against `wrangler dev`;
// p50/p99 in ms under results.api.budgetsList. Run by bench/api-search.mjs's measureApi, after the
// patients it spreads the budgets over.
import { loadPaths as load, percentile, post } from './api-search.mjs';

export const BUDGETS_BENCH = {
  budgets: 50_000,
  clients: 50,
  requestsPerKind: 3000,
  pageSize: 20,
  budgetP99Ms: 50,
};

/** What the Budgets screen asks for: each sort, unpaid or paid, now and then a search or a later page. */
const QUERIES = {
  newestUnpaid: (i) => `sort=date_desc&paid=false&offset=${(i % 5) * 20}`,
  amountPaid: (i) => `sort=amount_desc&paid=true&offset=${(i % 5) * 20}`,
  namesUnpaid: (i) => `sort=name_asc&paid=${i % 2 === 0}&offset=${(i % 5) * 20}`,
  searchedByName: (i) => `q=${['garcia', 'ana', 'lopez', 'mar'][i % 4]}&paid=false`,
};

/** Seeds (tops up to) 50,000 budgets through the local-only bulk endpoint, then measures. */
export async function runBudgetsBench({ baseUrl, results = {} }) {
  const { budgets } = await post(baseUrl, `/api/dev/bench/budgets?total=${BUDGETS_BENCH.budgets}`);
  const { token } = await post(baseUrl, '/api/login?bearer=true', {
    email: 'medic@clinic.test',
    password: 'Medic2026',
  });
  const { clients, requestsPerKind, budgetP99Ms } = BUDGETS_BENCH;
  const figures = { budgets, clients, requestsPerKind, pageSize: BUDGETS_BENCH.pageSize, budgetP99Ms };
  const lines = [];
  for (const [kind, queryOf] of Object.entries(QUERIES)) {
    const pathOf = (i) => `/api/Budgets?${queryOf(i)}&limit=${BUDGETS_BENCH.pageSize}`;
    await load(baseUrl, token, 200, clients, pathOf); // warm-up
    const sorted = await load(baseUrl, token, requestsPerKind, clients, pathOf);
    const p50Ms = percentile(sorted, 50);
    const p99Ms = percentile(sorted, 99);
    figures[kind] = { p50Ms, p99Ms };
    const over = p99Ms >= budgetP99Ms;
    lines.push({
      text: `api budgets page ${kind} (${budgets} budgets, ${clients} clients): p50 ${p50Ms} ms, p99 ${p99Ms} ms (budget p99 < ${budgetP99Ms} ms)${over ? ' OVER BUDGET' : ''}`,
      over,
    });
  }
  results.api = { ...(results.api ?? {}), budgetsList: figures };
  return { figures, lines };
}
