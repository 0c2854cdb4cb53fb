import {
  confirm,
  formatDate,
  formatTime,
  hoursToMinutes,
  Link,
  notify,
  notifyRefusal,
  type Resource,
  request,
  useList,
} from '@clinic/kit';
import { localDate, MSG, type Turn } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './AppointmentRequest.module.css';

const failed = (err: unknown) => notifyRefusal(err, MSG.turnSomethingWrong);

/** The patient's turns from today on, re-read when `tick` moves. */
export function useMyTurns(tick: number, timeZone: string | null): Resource<Turn[]> {
  return useList<Turn>(timeZone ? `/turns?from=${localDate(new Date(), timeZone)}` : null, tick);
}

/** The patient's turns: both acceptances, Accept (a consultation once paid) and Cancel. */
export function MyTurns(props: { load: Resource<Turn[]>; onChanged: () => void }): ReactElement {
  const [busy, setBusy] = useState<number | null>(null);
  const { load } = props;

  const act = async (turn: Turn, action: 'accept' | 'cancel') => {
    if (action === 'cancel') {
      const sure = await confirm({
        title: 'Cancel this turn?',
        text: `${formatDate(turn.date)} at ${formatTime(turn.time)}`,
        icon: 'warning',
        confirmText: 'Cancel turn',
        cancelText: 'Keep it',
      });
      if (!sure) return;
    }
    setBusy(turn.ID);
    try {
      if (action === 'accept') {
        await request<Turn>('PUT', `/turns/update/${turn.ID}`, {
          time: turn.time,
          MedicID: turn.MedicID,
          patientAccepts: true,
        });
      } else {
        await request('DELETE', `/turns/delete/${turn.ID}`);
      }
      props.onChanged();
      await notify({
        title: action === 'accept' ? MSG.turnAccepted : MSG.turnDeleted,
        icon: 'success',
      });
    } catch (err) {
      await failed(err);
    } finally {
      setBusy(null);
    }
  };

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
        <p role="alert">{load.msg}</p>
      ) : load.data.length === 0 ? (
        <p className="muted">{MSG.noTurnsYet}</p>
      ) : (
        <ul className="record-list">
          {load.data.map((turn) => {
            const unpaid = turn.isConsultation && turn.budgetPaid === false;
            return (
              <li key={turn.ID} className="record">
                <strong>
                  {formatDate(turn.date)} · {formatTime(turn.time)} · {hoursToMinutes(turn.duration)} minutes
                </strong>
                <span>{turn.description}</span>
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
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy === turn.ID}
                      onClick={() => act(turn, 'accept')}
                    >
                      Accept
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-danger"
                    disabled={busy === turn.ID}
                    onClick={() => act(turn, 'cancel')}
                  >
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
