import { BUDGET_SORTS, type BudgetSort } from '@clinic/worker/contract';

/** Budgets a page of the list shows. */
export const PAGE = 20;

/** What the budgets list shows, as its address says: search, order, paid filter and page. */
export interface Criteria {
  q: string;
  sort: BudgetSort;
  /** '' for all, 'true' paid only, 'false' unpaid only. */
  paid: '' | 'true' | 'false';
  /** From 1. */
  page: number;
}

const isSort = (value: string | null): value is BudgetSort => BUDGET_SORTS.some((s) => s === value);

/** The list's criteria from its address; anything unknown or malformed reads as the default. */
export function criteriaOf(params: URLSearchParams): Criteria {
  const sort = params.get('sort');
  const paid = params.get('paid');
  return {
    q: params.get('q') ?? '',
    sort: isSort(sort) ? sort : 'date_desc',
    paid: paid === 'true' || paid === 'false' ? paid : '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The GET /api/Budgets query of a page of the list ('' searches nothing; no `paid` shows all). */
export function budgetsQuery({ q, sort, paid, page }: Criteria) {
  return { q, sort, limit: String(PAGE), offset: String((page - 1) * PAGE), ...(paid ? { paid } : {}) };
}

/**
 * The address after a change of criteria (an empty value removes its key); any change but the
 * page's starts again from the first page.
 */
export function withChanges(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}
