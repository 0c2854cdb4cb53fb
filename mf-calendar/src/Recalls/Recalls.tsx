import { answer, api, formatDate, Link, LoadFailed, notifyFailure, useQuery } from '@clinic/kit';
import { MSG, RECALL_TABS, type Recall } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Recalls.module.css';
import { recallActions, type RecallTab as Tab } from './recallActions';

const TAB_LABEL: Record<Tab, string> = {
  due: 'Due this month',
  overdue: 'Overdue',
  contacted: 'Contacted',
  booked: 'Booked',
};

/** The desk's recall list: patients a check-up brings back, by tab, with last visit and phone. */
export function Recalls(): ReactElement {
  const [tab, setTab] = useState<Tab>('due');
  const [tick, setTick] = useState(0);
  const list = useQuery(`recalls:${tab}`, () => answer(api.recalls.$get({ query: { status: tab } })), {
    tick,
  });

  return (
    <section className="card" aria-labelledby="recalls-title">
      <h2 id="recalls-title">Recalls</h2>
      <fieldset className={styles.tabs} aria-label="Which recalls">
        {RECALL_TABS.map((t) => (
          <button
            key={t}
            type="button"
            className={`btn ${t === tab ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={t === tab}
            onClick={() => setTab(t)}
          >
            {TAB_LABEL[t]}
          </button>
        ))}
      </fieldset>
      {list.state === 'loading' ? (
        <p className="muted" role="status">
          Loading recalls...
        </p>
      ) : list.state === 'error' ? (
        <LoadFailed resource={list} />
      ) : list.data.length === 0 ? (
        <p className="muted">{MSG.recallsEmpty}</p>
      ) : (
        <ul className="record-list" aria-label={TAB_LABEL[tab]}>
          {list.data.map((r) => (
            <RecallRow key={r.ID} recall={r} tab={tab} onChanged={() => setTick((n) => n + 1)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecallRow(props: { recall: Recall; tab: Tab; onChanged: () => void }): ReactElement {
  const { recall } = props;
  const offers = recallActions(props.tab, recall.status);
  const [busy, setBusy] = useState(false);
  const mark = async (status: 'contacted' | 'dismissed') => {
    setBusy(true);
    try {
      await answer(api.recalls[':id'].$put({ param: { id: String(recall.ID) }, json: { status } }));
      props.onChanged();
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="record">
      <strong>{recall.patientName}</strong>
      <p>
        Due {formatDate(recall.dueDate)} · Last visit {formatDate(recall.lastVisit)}
        {recall.telephone ? ` · ${recall.telephone}` : ''}
        {recall.mailedAt ? ' · Recall mail sent' : ''}
      </p>
      <div className={styles.actions}>
        {offers.contacted ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => mark('contacted')}
          >
            Contacted
          </button>
        ) : null}
        {offers.dismiss ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => mark('dismissed')}
          >
            Dismiss
          </button>
        ) : null}
        {offers.book ? (
          <Link className="btn btn-primary" to={`/home/calendar?patient=${recall.PatientID}`}>
            Book
          </Link>
        ) : null}
      </div>
    </li>
  );
}
