import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { answerPage, api } from '../api';
import { LoadFailed } from '../page/LoadFailed';
import { useQuery } from '../useQuery';
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

/**
 * One patient's access log, newest first, a page at a time: who (medics by name), what in words
 * (one row per screen opened), when and how it ended. Never a raw route.
 */
export function AccessLog(props: { patientId: number; caption: string }): ReactElement {
  const [offset, setOffset] = useState(0);
  const load = useQuery(`access-log:${props.patientId}:${offset}`, () =>
    answerPage(
      api.patients[':id']['access-log'].$get({
        param: { id: String(props.patientId) },
        query: { limit: String(PAGE), offset: String(offset) },
      }),
    ),
  );

  if (load.state === 'loading') {
    return (
      <p className="muted" role="status">
        {MSG.loadingAccessLog}
      </p>
    );
  }
  if (load.state === 'error') return <LoadFailed resource={load} />;
  const page = load.data;
  if (page.total === 0) return <p className="muted">{MSG.noAccessLogRows}</p>;
  const last = Math.min(offset + PAGE, page.total);
  return (
    <div>
      <div className="table-scroll">
        <table className="table table-stack">
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.ID}>
                <td data-label="When">{when(row.at)}</td>
                <td data-label="Who">{row.by.kind === 'medic' ? `Dr. ${row.by.name}` : row.by.name}</td>
                <td data-label="What">{row.action}</td>
                <td data-label="Result">{row.result}</td>
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
