import {
  $clinic,
  answerAll,
  api,
  hoursToMinutes,
  Link,
  LoadFailed,
  type Resource,
  useQuery,
  useTurnActions,
} from '@clinic/kit';
import {
  decimalToTime,
  localDate,
  longDate,
  MSG,
  patientTurnTitle,
  type Turn,
} from '@clinic/worker/contract';
import type { ReactElement } from 'react';

/** The patient's own turns name the month ('Tuesday, December 1, 2026'): no date order can misread it. */
const clinicOrder = () => $clinic.get()?.dateOrder;

import styles from './AppointmentRequest.module.css';

/** The patient's turns from today on (the clinic's today), re-read when `tick` moves. */
export function useMyTurns(tick: number, timeZone: string): Resource<Turn[]> {
  const from = localDate(new Date(), timeZone);
  return useQuery(
    `my-turns:${from}`,
    () => answerAll((page) => api.turns.$get({ query: { ...page, from, q: '' } })),
    {
      tick,
    },
  );
}

/** The patient's turns: both acceptances, Accept (a consultation once paid) and Cancel. */
export function MyTurns(props: {
  load: Resource<Turn[]>;
  /** The clinic's time zone, whose clock judges the notice a cancel needs. */
  timeZone: string;
  onChanged: () => void;
}): ReactElement {
  const { load } = props;
  const { buttonOf } = useTurnActions('patient', props);

  return (
    <section className={`card ${styles.mine}`} aria-labelledby="my-turns-title">
      <h3 id="my-turns-title" className={styles.heading}>
        My turns
      </h3>
      {load.state === 'loading' ? (
        <p className="muted" role="status">
          {MSG.loadingTurns}
        </p>
      ) : load.state === 'error' ? (
        <LoadFailed resource={load} />
      ) : load.data.length === 0 ? (
        <p className="muted">{MSG.noTurnsYet}</p>
      ) : (
        <ul className="record-list">
          {load.data.map((turn) => {
            const unpaid = turn.isConsultation && turn.budgetPaid === false;
            return (
              <li key={turn.ID} className="record">
                <strong>
                  {longDate(turn.date, clinicOrder())} · {decimalToTime(turn.time)} ·{' '}
                  {hoursToMinutes(turn.duration)} minutes
                </strong>
                <span>{patientTurnTitle(turn.description)}</span>
                <span className="muted">
                  Medic: {turn.medicAccepts ? 'Accepted' : MSG.pending} · You:{' '}
                  {turn.patientAccepts ? 'Accepted' : MSG.pending}
                </span>
                {unpaid && !turn.patientAccepts ? (
                  <span className={styles.note}>
                    {MSG.payConsultationFirst} <Link to="/home/payments">Go to Payments</Link>
                  </span>
                ) : null}
                <div className={styles.actions}>
                  {!turn.patientAccepts && !unpaid ? (
                    <button className="btn btn-primary" {...buttonOf(turn, 'accept')}>
                      Accept
                    </button>
                  ) : null}
                  <button className="btn btn-danger" {...buttonOf(turn, 'cancel')}>
                    Cancel
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
