import {
  $clinicStatus,
  $session,
  ApiError,
  apiFetch,
  Banner,
  capitalize,
  Link,
  notify,
  Page,
  SearchBar,
  usePatientSearch,
} from '@clinic/kit';
import { MSG, type PatientListItem } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import styles from './HomeSearch.module.css';
import { medicWelcome } from './welcome';

const PAGE = 20;

type Results =
  | { state: 'loading' }
  | { state: 'ready'; rows: readonly PatientListItem[]; total: number; q: string }
  | { state: 'error'; msg: string };

const fullName = (p: PatientListItem): string =>
  `${p.name} ${p.lastName}`.split(/\s+/).filter(Boolean).map(capitalize).join(' ');

async function fetchPage(q: string, offset: number): Promise<{ rows: PatientListItem[]; total: number }> {
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (q) params.set('q', q);
  const res = await apiFetch(`/api/patients?${params}`, { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { msg?: string; error?: string };
    throw new ApiError(res.status, body.error ?? 'error', body.msg ?? MSG.somethingWentWrong);
  }
  return {
    rows: (await res.json()) as PatientListItem[],
    total: Number(res.headers.get('X-Total-Count') ?? 0),
  };
}

/** /home (medic): welcome line, the patient search (rules) and the patient cards. */
export function HomeSearch(): ReactElement {
  const session = useStore($session);
  const [results, setResults] = useState<Results>({ state: 'loading' });

  const load = (q: string): void => {
    setResults({ state: 'loading' });
    fetchPage(q, 0).then(
      ({ rows, total }) => setResults({ state: 'ready', rows, total, q }),
      (err: unknown) =>
        setResults({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
    );
  };

  // The first page of patients shows before any search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => load(''), []);

  // A clinic with no patients at all greets the medic once. Only once the clinic is known
  // to exist: without one, the medic is on the way to the initial config.
  const clinicStatus = useStore($clinicStatus);
  const welcomed = useRef(false);
  useEffect(() => {
    if (welcomed.current || clinicStatus !== 'loaded') return;
    if (results.state !== 'ready' || results.q !== '' || results.total > 0) return;
    welcomed.current = true;
    void notify({ title: MSG.welcomeTitle, text: MSG.noPatientsLoaded, icon: 'warning' });
  }, [clinicStatus, results]);

  const search = usePatientSearch(load);

  const clear = (): void => {
    search.clear();
    load('');
  };

  const more = async (): Promise<void> => {
    if (results.state !== 'ready') return;
    try {
      const next = await fetchPage(results.q, results.rows.length);
      setResults({ ...results, rows: [...results.rows, ...next.rows], total: next.total });
    } catch (err) {
      await notify({
        title: MSG.errorTitle,
        text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
        icon: 'error',
      });
    }
  };

  return (
    <Page title="Home">
      {session ? <p className={styles.welcome}>{medicWelcome(session)}</p> : null}
      <SearchBar className={styles.search} {...search.bar} />
      <ResultsView results={results} onClear={clear} onMore={more} />
    </Page>
  );
}

function ResultsView(props: {
  results: Results;
  onClear: () => void;
  onMore: () => Promise<void>;
}): ReactElement {
  const { results } = props;
  if (results.state === 'loading') return <p className="muted">Loading patients...</p>;
  if (results.state === 'error') return <p role="alert">{results.msg}</p>;
  if (results.rows.length === 0) {
    return (
      <Banner
        title={MSG.patientNotFound}
        tone="warning"
        role="status"
        closeLabel="Close"
        onClose={props.onClear}
      >
        <Link to="/home/register">{MSG.createPatientLink}</Link>
      </Banner>
    );
  }
  return (
    <>
      <p className="muted">
        {results.total} patient{results.total === 1 ? '' : 's'}
      </p>
      <ul className={styles.cards}>
        {results.rows.map((p) => (
          <li key={p.ID} className={styles.card}>
            <h3 className={styles.name}>{fullName(p)}</h3>
            <p className={styles.dni}>DNI: {p.document}</p>
            <Link className="btn btn-secondary" to={`/home/${p.ID}`}>
              {MSG.seeClinicalHistory}
            </Link>
          </li>
        ))}
      </ul>
      {results.rows.length < results.total ? (
        <button type="button" className="btn btn-secondary" onClick={() => void props.onMore()}>
          Show more
        </button>
      ) : null}
    </>
  );
}
