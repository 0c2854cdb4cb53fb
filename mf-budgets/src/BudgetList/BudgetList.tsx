import {
  ApiError,
  Banner,
  capitalize,
  formatAmount,
  formatDate,
  Link,
  Page,
  requestList,
  SearchBar,
  SelectField,
  useSearchParams,
} from '@clinic/kit';
import { BUDGET_SORTS, type Budget, type BudgetSort, MSG, paymentStatus } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useState } from 'react';
import styles from './BudgetList.module.css';

const PAGE = 20;

const SORT_OPTIONS: readonly { value: BudgetSort; label: string }[] = [
  { value: 'date_desc', label: 'Date (newest first)' },
  { value: 'date_asc', label: 'Date (oldest first)' },
  { value: 'name_asc', label: 'Name (A to Z)' },
  { value: 'name_desc', label: 'Name (Z to A)' },
  { value: 'amount_desc', label: 'Amount (highest first)' },
  { value: 'amount_asc', label: 'Amount (lowest first)' },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Paid' },
  { value: 'false', label: 'Unpaid' },
] as const;

type Load =
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'ready'; rows: Budget[]; total: number };

const isSort = (value: string | null): value is BudgetSort => BUDGET_SORTS.some((s) => s === value);

const displayName = (name: string): string => name.split(/\s+/).filter(Boolean).map(capitalize).join(' ');

export interface BudgetListProps {
  /** 'Budgets' at /home/budget, 'Payments' at /home/payments (the medic's payments view). */
  title: string;
}

/**
 * /home/budget (and the medic's /home/payments): every budget, sorted, filtered, searched and paged
 * by the server; the criteria live in the address so Back from a budget returns to the same page.
 */
export function BudgetList({ title }: BudgetListProps): ReactElement {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawSort = params.get('sort');
  const sort: BudgetSort = isSort(rawSort) ? rawSort : 'date_desc';
  const paid =
    params.get('paid') === 'true' || params.get('paid') === 'false' ? (params.get('paid') ?? '') : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [text, setText] = useState(q);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    const query = new URLSearchParams({ sort, limit: String(PAGE), offset: String((page - 1) * PAGE) });
    if (q) query.set('q', q);
    if (paid) query.set('paid', paid);
    requestList<Budget>(`/Budgets?${query}`).then(
      ({ rows, total }) => live && setLoad({ state: 'ready', rows, total }),
      (err: unknown) =>
        live && setLoad({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
    );
    return () => {
      live = false;
    };
  }, [q, sort, paid, page]);

  /** Changes the criteria; any change starts again from the first page. */
  const update = (changes: Record<string, string>): void => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  const search = (event: FormEvent): void => {
    event.preventDefault();
    update({ q: text.trim() });
  };

  const dismiss = (): void => {
    setText('');
    update({ q: '', paid: '' });
  };

  return (
    <Page
      title={title}
      actions={
        <Link className="btn btn-primary" to="/home/addBudget">
          Add Budget
        </Link>
      }
    >
      <div className={styles.controls}>
        <SearchBar
          className={styles.search}
          label="Search by patient name or DNI"
          placeholder="Name or DNI"
          value={text}
          onChange={setText}
          onSubmit={search}
        />
        <SelectField
          label="Sort by"
          name="sort"
          value={sort}
          options={SORT_OPTIONS}
          onChange={(e) => update({ sort: e.target.value })}
        />
        <SelectField
          label="Payment status"
          name="paid"
          value={paid}
          options={STATUS_OPTIONS}
          onChange={(e) => update({ paid: e.target.value })}
        />
      </div>
      <Results
        load={load}
        page={page}
        filtered={q !== '' || paid !== ''}
        onDismiss={dismiss}
        onPage={(p) => update({ page: String(p) })}
      />
    </Page>
  );
}

function Results(props: {
  load: Load;
  page: number;
  /** A search or a status filter is on: finding nothing is 'Budget Not Found', not an empty clinic. */
  filtered: boolean;
  onDismiss: () => void;
  onPage: (page: number) => void;
}): ReactElement {
  const { load, page } = props;
  if (load.state === 'loading') return <p role="status">{MSG.loadingBudgets}</p>;
  if (load.state === 'error') return <p role="alert">{load.msg}</p>;
  if (load.rows.length === 0) {
    if (!props.filtered) return <p className="muted">No budgets yet.</p>;
    return (
      <Banner
        title={MSG.budgetNotFound}
        tone="danger"
        role="alert"
        closeLabel="Dismiss"
        onClose={props.onDismiss}
      />
    );
  }
  const pages = Math.max(1, Math.ceil(load.total / PAGE));
  return (
    <>
      <div className="table-scroll card">
        <table className="table">
          <caption className="visually-hidden">Budgets</caption>
          <thead>
            <tr>
              <th scope="col">Patient Name</th>
              <th scope="col">Date</th>
              <th scope="col" className={styles.amount}>
                Amount
              </th>
              <th scope="col">Payment Status</th>
              <th scope="col">Payment Details</th>
            </tr>
          </thead>
          <tbody>
            {load.rows.map((b) => (
              <tr key={b.ID}>
                <td>{displayName(b.patientFullName)}</td>
                <td>{formatDate(b.creationDate)}</td>
                <td className={styles.amount}>{formatAmount(b.totalPrice)}</td>
                <td>
                  <span className={b.paid ? styles.completed : styles.pending}>{paymentStatus(b.paid)}</span>
                </td>
                <td>
                  <Link className="btn btn-secondary" to={`/home/updateBudget/${b.ID}`}>
                    Details<span className="visually-hidden"> of budget {b.ID}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label="Budget pages">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
        >
          Previous
        </button>
        <span>
          Page {page} of {pages} · {load.total} budget{load.total === 1 ? '' : 's'}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={page >= pages}
          onClick={() => props.onPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </>
  );
}
