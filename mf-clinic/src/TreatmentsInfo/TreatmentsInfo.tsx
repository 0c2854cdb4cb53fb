import { ApiError, answer, answerPage, api, formatDate, Page, useMoney, useQuery } from '@clinic/kit';
import {
  check,
  MSG,
  TREATMENTS_PAGE_SIZE,
  type Treatment,
  TreatmentPriceSchema,
} from '@clinic/worker/contract';
import { type ReactElement, useEffect, useState } from 'react';
import styles from './TreatmentsInfo.module.css';

const fetchPage = (page: number) =>
  answerPage(
    api.treatments.$get({
      query: { q: '', limit: String(TREATMENTS_PAGE_SIZE), offset: String(page * TREATMENTS_PAGE_SIZE) },
    }),
  );

/** /home/infoTreatments: the price list, ten a page; only Price is edited, in place. */
export function TreatmentsInfo(): ReactElement {
  const [page, setPage] = useState(0);
  const [edited, setEdited] = useState<ReadonlyMap<string, Treatment>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const load = useQuery(`treatments:${page}`, () => fetchPage(page));

  const replaceRow = (updated: Treatment): void => setEdited((m) => new Map(m).set(updated.ID, updated));

  if (load.state === 'error') {
    return (
      <Page title="Treatments Info">
        <p role="alert" className={styles.error}>
          {load.msg}
        </p>
      </Page>
    );
  }
  if (load.state === 'loading') {
    return (
      <Page title="Treatments Info">
        <p role="status">{MSG.loadingTreatments}</p>
      </Page>
    );
  }

  const { total } = load.data;
  const rows = load.data.rows.map((r) => edited.get(r.ID) ?? r);
  const pages = Math.max(1, Math.ceil(total / TREATMENTS_PAGE_SIZE));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.ID));
  const toggle = (id: string): void =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (): void =>
    setSelected((s) => {
      const next = new Set(s);
      for (const r of rows) {
        if (allOnPage) next.delete(r.ID);
        else next.add(r.ID);
      }
      return next;
    });

  return (
    <Page title="Treatments Info">
      {rows.length === 0 ? (
        <p>{MSG.noTreatments}</p>
      ) : (
        <div className="table-scroll card">
          <table className="table table-stack">
            <caption className="visually-hidden">Treatments and their prices</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label="Select all treatments on this page"
                    checked={allOnPage}
                    onChange={toggleAll}
                  />
                </th>
                <th scope="col">ID</th>
                <th scope="col">Creation Date</th>
                <th scope="col">Update Date</th>
                <th scope="col">Treatment Type</th>
                <th scope="col">Description</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.ID} aria-selected={selected.has(t.ID)}>
                  <td className={styles.check}>
                    <input
                      type="checkbox"
                      aria-label={`Select treatment ${t.ID}`}
                      checked={selected.has(t.ID)}
                      onChange={() => toggle(t.ID)}
                    />
                  </td>
                  <td data-label="ID">{t.ID}</td>
                  <td data-label="Creation Date">{formatDate(t.creationDate)}</td>
                  <td data-label="Update Date">{formatDate(t.updateDate)}</td>
                  <td data-label="Treatment Type">{t.treatmentType}</td>
                  <td data-label="Description">{t.description}</td>
                  <td data-label="Price">
                    <PriceCell treatment={t} onSaved={replaceRow} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className={styles.pager} aria-label="Treatments pages">
        <span className="muted">{selected.size > 0 ? `${selected.size} selected · ` : ''}</span>
        <span className="muted">
          {total === 0
            ? '0'
            : `${page * TREATMENTS_PAGE_SIZE + 1}–${page * TREATMENTS_PAGE_SIZE + rows.length}`}{' '}
          of {total}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
        >
          Previous
        </button>
        <span>
          Page {page + 1} of {pages}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={page + 1 >= pages}
          onClick={() => setPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </Page>
  );
}

/** The inline price editor: Enter or leaving the field saves a changed, valid price; Escape undoes. */
function PriceCell({
  treatment,
  onSaved,
}: {
  treatment: Treatment;
  onSaved: (t: Treatment) => void;
}): ReactElement {
  const money = useMoney();
  const [text, setText] = useState(String(treatment.price));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = `price-error-${treatment.ID}`;

  useEffect(() => setText(String(treatment.price)), [treatment.price]);

  const save = async (): Promise<void> => {
    if (saving || Number(text) === treatment.price) {
      setError(null);
      return;
    }
    const result = check(TreatmentPriceSchema, { ID: treatment.ID, price: text });
    if (!result.ok) {
      setError(result.errors.price?.msg ?? MSG.positiveNumber);
      return;
    }
    setSaving(true);
    try {
      onSaved(await answer(api.treatments.$put({ json: { ID: treatment.ID, price: result.value.price } })));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.price?.msg ?? err.msg) : MSG.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.price}>
      <input
        className={styles.priceInput}
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        aria-label={`Price of ${treatment.ID}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        disabled={saving}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            setText(String(treatment.price));
            setError(null);
          }
        }}
        onBlur={() => void save()}
      />
      <span className="visually-hidden">{money(treatment.price)}</span>
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
