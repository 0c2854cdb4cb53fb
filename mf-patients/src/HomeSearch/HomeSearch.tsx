import {
  $clinicStatus,
  $session,
  ApiError,
  answerPage,
  api,
  Banner,
  capitalize,
  countOf,
  ExportCsvButton,
  Link,
  type ListPage,
  LoadFailed,
  notify,
  Page,
  type Resource,
  SearchBar,
  usePatientSearch,
  useQuery,
} from '@clinic/kit';
import { MSG, type PatientListItem } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import styles from './HomeSearch.module.css';
import { medicWelcome } from './welcome';

const PAGE = 20;

/**
 * Patients found for a search: the first page and those 'Show more' added, and the count (at
 * least `total` when not exact: a common name stops counting a little past the page).
 */
type Found = ListPage<PatientListItem>;

const fullName = (p: PatientListItem): string =>
  `${p.name} ${p.lastName}`.split(/\s+/).filter(Boolean).map(capitalize).join(' ');

const fetchPage = (q: string, offset: number) =>
  answerPage(
    api.patients.$get({ query: { limit: String(PAGE), offset: String(offset), ...(q ? { q } : {}) } }),
  );

/** /home (medic): welcome line, the patient search (rules) and the patient cards. */
export function HomeSearch(): ReactElement {
  const session = useStore($session);
  // The search the list shows ('' before any: the first page of patients shows on arrival).
  const [q, setQ] = useState('');
  const first = useQuery(`patients:${q}`, () => fetchPage(q, 0));
  // The pages 'Show more' added to the search they belong to; another search drops them.
  const [extra, setExtra] = useState<Found & { q: string }>({ q: '', rows: [], total: 0, exact: true });
  const current = useRef(q);
  current.current = q;
  const results: Resource<Found> =
    first.state !== 'ready'
      ? first
      : {
          state: 'ready',
          data:
            extra.q === q && extra.rows.length > 0
              ? { rows: [...first.data.rows, ...extra.rows], total: extra.total, exact: extra.exact }
              : first.data,
        };

  const load = (term: string): void => {
    setQ(term);
    setExtra({ q: term, rows: [], total: 0, exact: true });
  };

  // A clinic with no patients at all greets the medic once. Only once the clinic is known
  // to exist: without one, the medic is on the way to the initial config.
  const clinicStatus = useStore($clinicStatus);
  const welcomed = useRef(false);
  useEffect(() => {
    if (welcomed.current || clinicStatus !== 'loaded') return;
    if (first.state !== 'ready' || q !== '' || first.data.total > 0) return;
    welcomed.current = true;
    void notify({ title: MSG.welcomeTitle, text: MSG.noPatientsLoaded, icon: 'warning' });
  }, [clinicStatus, first, q]);

  const search = usePatientSearch(load);

  const clear = (): void => {
    search.clear();
    load('');
  };

  const more = async (): Promise<void> => {
    if (results.state !== 'ready') return;
    const asked = q;
    try {
      const next = await fetchPage(asked, results.data.rows.length);
      // An answer for a search the medic has since left is dropped.
      if (current.current !== asked) return;
      setExtra((m) => ({ q: asked, rows: [...m.rows, ...next.rows], total: next.total, exact: next.exact }));
    } catch (err) {
      await notify({
        title: MSG.errorTitle,
        text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
        icon: 'error',
      });
    }
  };

  return (
    <Page title="Home" actions={<ExportCsvButton path="/patients" query={{ q }} what="the patients" />}>
      {session ? <p className={styles.welcome}>{medicWelcome(session)}</p> : null}
      <SearchBar className={styles.search} {...search.bar} />
      <ResultsView results={results} onClear={clear} onMore={more} />
    </Page>
  );
}

function ResultsView(props: {
  results: Resource<Found>;
  onClear: () => void;
  onMore: () => Promise<void>;
}): ReactElement {
  const { results } = props;
  if (results.state === 'loading') return <p className="muted">Loading patients...</p>;
  if (results.state === 'error') return <LoadFailed resource={results} />;
  const { rows, total, exact } = results.data;
  if (rows.length === 0) {
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
      <p className="muted">{countOf(results.data, 'patient')}</p>
      <ul className={styles.cards}>
        {rows.map((p) => (
          <li key={p.ID} className={styles.card}>
            <h3 className={styles.name}>{fullName(p)}</h3>
            <p className={styles.dni}>DNI: {p.document}</p>
            <Link className="btn btn-secondary" to={`/home/${p.ID}`}>
              {MSG.seeClinicalHistory}
            </Link>
          </li>
        ))}
      </ul>
      {rows.length < total || !exact ? (
        <button type="button" className="btn btn-secondary" onClick={() => void props.onMore()}>
          Show more
        </button>
      ) : null}
    </>
  );
}
