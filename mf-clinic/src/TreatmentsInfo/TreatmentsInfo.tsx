import {
  ApiError,
  answer,
  answerPage,
  api,
  confirm,
  formatDate,
  formStyles,
  LoadFailed,
  notifyFailure,
  Page,
  TextField,
  useMoney,
  useQuery,
} from '@clinic/kit';
import {
  check,
  MSG,
  TREATMENTS_PAGE_SIZE,
  type Treatment,
  TreatmentPriceSchema,
  withPercent,
} from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
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
  // A new treatment reloads the page it may appear on.
  const [version, setVersion] = useState(0);
  const load = useQuery(`treatments:${page}:${version}`, () => fetchPage(page));

  const replaceRow = (updated: Treatment): void => setEdited((m) => new Map(m).set(updated.ID, updated));

  if (load.state === 'error') {
    return (
      <Page title="Treatments Info">
        <LoadFailed resource={load} />
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
        <TreatmentsTable
          rows={rows}
          selected={selected}
          allOnPage={allOnPage}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onSaved={replaceRow}
        />
      )}
      {selected.size > 0 ? (
        <PercentChange
          selected={rows.filter((r) => selected.has(r.ID))}
          onChanged={(changed) => {
            for (const t of changed) replaceRow(t);
            setSelected(new Set());
          }}
        />
      ) : null}
      <Pager
        page={page}
        pages={pages}
        total={total}
        shown={rows.length}
        selected={selected.size}
        onPage={setPage}
      />
      <NewTreatment onAdded={() => setVersion((n) => n + 1)} />
    </Page>
  );
}

/** The selected rows' prices changed by a percentage, after a confirmation listing each old → new price. */
function PercentChange(props: { selected: Treatment[]; onChanged: (t: Treatment[]) => void }): ReactElement {
  const money = useMoney();
  const [percent, setPercent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const p = Number(percent.replace(',', '.'));
    if (percent.trim() === '' || !Number.isFinite(p) || p === 0 || p < -90 || p > 1000) {
      return setError(MSG.invalidPercent);
    }
    setError(undefined);
    const list = props.selected
      .map(
        (t) =>
          `${t.ID} ${t.description || t.treatmentType}: ${money(t.price)} → ${money(withPercent(Math.round(t.price * 100), p) / 100)}`,
      )
      .join('\n');
    const yes = await confirm({
      title: `Change ${props.selected.length} price${props.selected.length === 1 ? '' : 's'} by ${p}%?`,
      text: list,
      icon: 'warning',
      confirmText: 'Change prices',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const changed = await answer(
        api.treatments.prices.$put({ json: { IDs: props.selected.map((t) => t.ID), percent: p } }),
      );
      props.onChanged(changed.map(({ oldPrice: _old, ...t }) => t));
      setPercent('');
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={formStyles.compact}
      onSubmit={(e) => void submit(e)}
      aria-label="Change the selected prices"
      noValidate
    >
      <TextField
        label="Change the selected prices by (%)"
        name="percent"
        inputMode="decimal"
        hint="10 raises them 10%; -5 lowers them 5%."
        value={percent}
        error={error}
        onChange={(e) => setPercent(e.target.value)}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        Change prices
      </button>
    </form>
  );
}

/** 'Add a treatment': code, type, description and price. */
function NewTreatment(props: { onAdded: () => void }): ReactElement {
  const empty = { ID: '', treatmentType: '', description: '', price: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const price = Number(values.price.replace(',', '.'));
    const found = {
      ID: values.ID.trim() ? undefined : MSG.fieldRequired,
      treatmentType: values.treatmentType.trim() ? undefined : MSG.fieldRequired,
      price:
        values.price.trim() !== '' && Number.isFinite(price) && price > 0 ? undefined : MSG.positiveNumber,
    };
    setErrors(found);
    if (found.ID || found.treatmentType || found.price) return;
    setBusy(true);
    try {
      const created = await answer(
        api.treatments.$post({
          json: {
            ID: values.ID.trim(),
            treatmentType: values.treatmentType.trim(),
            description: values.description.trim(),
            price,
          },
        }),
      );
      setValues(empty);
      setDone(`Treatment ${created.ID} added.`);
      props.onAdded();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.msg])));
      } else await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.add} aria-labelledby="add-treatment">
      <h3 id="add-treatment">Add a treatment</h3>
      <form className={formStyles.grid} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="ID" name="ID" required value={values.ID} error={errors.ID} onChange={set('ID')} />
        <TextField
          label="Treatment Type"
          name="treatmentType"
          required
          value={values.treatmentType}
          error={errors.treatmentType}
          onChange={set('treatmentType')}
        />
        <TextField
          label="Description"
          name="description"
          value={values.description}
          onChange={set('description')}
        />
        <TextField
          label="Price"
          name="price"
          required
          inputMode="decimal"
          value={values.price}
          error={errors.price}
          onChange={set('price')}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Add treatment
        </button>
      </form>
      <p role="status" className="muted">
        {done}
      </p>
    </section>
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
  // What the last save changed, with an Undo for a few seconds.
  const [changed, setChanged] = useState<{ from: number; to: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const errorId = `price-error-${treatment.ID}`;

  const put = async (price: number): Promise<Treatment> =>
    answer(api.treatments.$put({ json: { ID: treatment.ID, price } }));
  const undo = async (): Promise<void> => {
    if (!changed) return;
    clearTimeout(timer.current);
    setSaving(true);
    try {
      onSaved(await put(changed.from));
      setChanged(null);
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setSaving(false);
    }
  };

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
      const saved = await put(result.value.price);
      onSaved(saved);
      setError(null);
      setChanged({ from: treatment.price, to: saved.price });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setChanged(null), 8000);
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
      <span role="status" className={styles.changed}>
        {changed ? (
          <>
            {money(changed.from)} → {money(changed.to)}{' '}
            <button type="button" className="btn btn-secondary" disabled={saving} onClick={() => void undo()}>
              Undo
            </button>
          </>
        ) : null}
      </span>
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** One page of the price list: a box to select each row (and every row of the page), its price editable in place. */
function TreatmentsTable(props: {
  rows: Treatment[];
  selected: ReadonlySet<string>;
  allOnPage: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onSaved: (updated: Treatment) => void;
}): ReactElement {
  const { rows, selected, allOnPage } = props;
  return (
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
                onChange={props.onToggleAll}
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
                  onChange={() => props.onToggle(t.ID)}
                />
              </td>
              <td data-label="ID">{t.ID}</td>
              <td data-label="Creation Date">{formatDate(t.creationDate)}</td>
              <td data-label="Update Date">{formatDate(t.updateDate)}</td>
              <td data-label="Treatment Type">{t.treatmentType}</td>
              <td data-label="Description">{t.description}</td>
              <td data-label="Price">
                <PriceCell treatment={t} onSaved={props.onSaved} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which rows of how many, how many selected, and Previous / Next. */
function Pager(props: {
  page: number;
  pages: number;
  total: number;
  shown: number;
  selected: number;
  onPage: (page: number) => void;
}): ReactElement {
  const { page, pages, total } = props;
  return (
    <nav className={styles.pager} aria-label="Treatments pages">
      <span className="muted">{props.selected > 0 ? `${props.selected} selected · ` : ''}</span>
      <span className="muted">
        {total === 0
          ? '0'
          : `${page * TREATMENTS_PAGE_SIZE + 1}–${page * TREATMENTS_PAGE_SIZE + props.shown}`}{' '}
        of {total}
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page === 0}
        onClick={() => props.onPage(page - 1)}
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
        onClick={() => props.onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
