import { type AccessLogRow, MSG } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useState } from 'react';
import { ApiError, requestList } from '../api';
import styles from './AccessLog.module.css';

const PAGE = 20;

/** 'YYYY-MM-DDTHH:MM:SS.sssZ' → the reader's local date and time, e.g. '11/23/2026, 09:41'. */
const when = (at: string): string =>
  new Date(at).toLocaleString('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

type Page =
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'ready'; rows: AccessLogRow[]; total: number };

/**
 * One patient's access log, newest first, a page at a time: who (medics by name), what, when and
 * how it ended. Medics also see the route; the server leaves it out for patients.
 */
export function AccessLog(props: { patientId: number; caption: string }): ReactElement {
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setPage({ state: 'loading' });
    requestList<AccessLogRow>(`/patients/${props.patientId}/access-log?limit=${PAGE}&offset=${offset}`).then(
      ({ rows, total }) => live && setPage({ state: 'ready', rows, total }),
      (err: unknown) =>
        live && setPage({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
    );
    return () => {
      live = false;
    };
  }, [props.patientId, offset]);

  if (page.state === 'loading') {
    return (
      <p className="muted" role="status">
        {MSG.loadingAccessLog}
      </p>
    );
  }
  if (page.state === 'error') return <p role="alert">{page.msg}</p>;
  if (page.total === 0) return <p className="muted">{MSG.noAccessLogRows}</p>;
  const withRoute = page.rows.some((r) => r.route !== null);
  const last = Math.min(offset + PAGE, page.total);
  return (
    <div>
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              {withRoute ? <th scope="col">Route</th> : null}
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.ID}>
                <td>{when(row.at)}</td>
                <td>{row.by.kind === 'medic' ? `Dr. ${row.by.name}` : row.by.name}</td>
                <td>{row.action}</td>
                {withRoute ? <td>{row.route}</td> : null}
                <td>{row.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={`${props.caption} pages`} className={styles.pager}>
        <span>
          {offset + 1}–{last} of {page.total}
        </span>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
        >
          Newer
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={last >= page.total}
          onClick={() => setOffset(offset + PAGE)}
        >
          Older
        </button>
      </nav>
    </div>
  );
}
