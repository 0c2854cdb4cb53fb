import {
  answerPage,
  api,
  Banner,
  countOf,
  ExportCsvButton,
  formatDate,
  Link,
  type ListPage,
  LoadFailed,
  Page,
  type Resource,
  SearchBar,
  SelectField,
  useMoney,
  useQuery,
  useSearchParams,
} from '@clinic/kit';
import { type Budget, type BudgetSort, MSG } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useMemo, useState } from 'react';
import { BudgetTable, type Column } from '../BudgetTable/BudgetTable';
import { personName } from '../names';
import { statusLabel } from '../status';
import styles from './BudgetList.module.css';
import { budgetsQuery, criteriaOf, PAGE, withChanges } from './criteria';

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
  const criteria = criteriaOf(params);
  const { q, sort, paid, page } = criteria;
  const [text, setText] = useState(q);
  const query = budgetsQuery(criteria);
  const load = useQuery(`budgets:${new URLSearchParams(query)}`, () =>
    answerPage(api.Budgets.$get({ query })),
  );

  /** Changes the criteria; any change starts again from the first page. */
  const update = (changes: Record<string, string>): void =>
    setParams(withChanges(params, changes), { replace: true });

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
        <>
          <ExportCsvButton path="/Budgets" query={{ q, sort, paid }} what="the budgets" />
          <Link className="btn btn-primary" to="/home/addBudget">
            Add Budget
          </Link>
        </>
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

/** The list's columns, amounts in each budget's own currency; Details leads to the budget's summary. */
export const columnsOf = (
  money: (amount: number, currency?: string) => string,
): readonly Column<Budget>[] => [
  { header: 'Patient Name', cell: (b) => personName(b.patientFullName) },
  { header: 'Date', cell: (b) => formatDate(b.creationDate) },
  {
    header: 'Amount',
    // What is left to pay follows the total once part of it was paid.
    cell: (b) =>
      b.status === 'Partly paid'
        ? `${money(b.totalPrice, b.currency)} (left: ${money(b.balance, b.currency)})`
        : money(b.totalPrice, b.currency),
    numeric: true,
  },
  {
    header: 'Payment Status',
    cell: (b) => <span className={b.paid ? styles.completed : styles.pending}>{statusLabel(b)}</span>,
  },
  {
    header: 'Payment Details',
    cell: (b) => (
      <Link className="btn btn-secondary" to={`/home/updateBudget/${b.ID}`}>
        Details<span className="visually-hidden"> of budget {b.ID}</span>
      </Link>
    ),
  },
];

function Results(props: {
  load: Resource<ListPage<Budget>>;
  page: number;
  /** A search or a status filter is on: finding nothing is 'Budget Not Found', not an empty clinic. */
  filtered: boolean;
  onDismiss: () => void;
  onPage: (page: number) => void;
}): ReactElement {
  const { load, page } = props;
  const money = useMoney();
  const columns = useMemo(() => columnsOf(money), [money]);
  if (load.state === 'loading') return <p role="status">{MSG.loadingBudgets}</p>;
  if (load.state === 'error') return <LoadFailed resource={load} />;
  const { rows, total, exact } = load.data;
  if (rows.length === 0) {
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
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <>
      <BudgetTable caption="Budgets" columns={columns} rows={rows} rowKey={(b) => b.ID} card />
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
          Page {page} of {pages}
          {exact ? '' : '+'} · {countOf(load.data, 'budget')}
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
