import { type ClinicalHistory, historyAlerts } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { answer, answerAll, api } from '../api';
import { formatMoneyTotals } from '../clinic/moneyTotals';
import { useMoney } from '../clinic/useMoney';
import { formatDate, todayIso } from '../format';
import { LoadFailed } from '../page/LoadFailed';
import { useQuery } from '../useQuery';
import { balancesDue, clock, nextTurn } from './balance';
import styles from './PatientHeader.module.css';

/**
 * Whose record this is, on every patient screen: name, age, document, medical service, next turn,
 * balance due, and the alerts of the clinical history (allergies, medication, pregnancy, bleeding
 * and cardiac conditions first) in the danger style. `tick` re-reads (after the history changed).
 */
export function PatientHeader(props: { patientId: number; tick?: number }): ReactElement {
  const { patientId, tick = 0 } = props;
  const id = String(patientId);
  const money = useMoney();
  // Per currency: a budget keeps the currency it was made in.
  const dueText = (due: { amount: number; currency: string }[]): string =>
    due.length === 0 ? money(0) : formatMoneyTotals(due, '');
  const patient = useQuery(`header-patient:${id}`, () => answer(api.patients[':id'].$get({ param: { id } })));
  const history = useQuery<ClinicalHistory | null>(
    `header-history:${id}`,
    () => answer(api.clinicalhistories.search.$get({ query: { id } })),
    { notFound: null, tick },
  );
  const turns = useQuery(`header-turns:${id}`, () => answer(api.turns.search.$get({ query: { ID: id } })), {
    notFound: [],
  });
  const budgets = useQuery(
    patient.state === 'ready' ? `header-budgets:${id}` : null,
    () =>
      patient.state === 'ready'
        ? answerAll((page) =>
            api.Budgets.$get({
              query: { q: patient.data.document, paid: 'false', sort: 'date_desc', ...page },
            }),
          )
        : Promise.resolve([]),
    { notFound: [] },
  );

  if (patient.state !== 'ready') {
    return (
      <section className={styles.header} aria-label="Patient">
        {patient.state === 'error' ? (
          <LoadFailed resource={patient} />
        ) : (
          <p className="muted" role="status">
            Loading patient...
          </p>
        )}
      </section>
    );
  }
  const p = patient.data;
  const turn = turns.state === 'ready' ? nextTurn(turns.data, todayIso()) : null;
  const alerts = history.state === 'ready' && history.data ? historyAlerts(history.data) : [];
  return (
    <section className={styles.header} aria-label={`Patient: ${p.fullName}`}>
      <p className={styles.name}>
        <strong>{p.fullName}</strong>
        {p.age !== null ? <span>, {p.age} years</span> : null}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>DNI</dt>
          <dd>{p.document}</dd>
        </div>
        <div>
          <dt>Medical service</dt>
          <dd>{p.medicalService || '—'}</dd>
        </div>
        <div>
          <dt>Next turn</dt>
          <dd>
            {turns.state === 'loading'
              ? '…'
              : turn
                ? `${formatDate(turn.date)} ${clock(turn.time)}`
                : 'None booked'}
          </dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd>{budgets.state === 'ready' ? dueText(balancesDue(budgets.data, patientId)) : '…'}</dd>
        </div>
      </dl>
      {history.state === 'ready' && history.data === null ? (
        <p className="muted">No clinical history yet: no alerts known.</p>
      ) : alerts.length > 0 ? (
        <div className={styles.alerts} role="note" aria-label="Alerts">
          <strong>Alerts:</strong>
          <ul>
            {alerts.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </div>
      ) : history.state === 'ready' ? (
        <p className="muted">No alerts in the clinical history.</p>
      ) : null}
    </section>
  );
}
