import {
  confirm,
  formatDate,
  formatTime,
  hoursToMinutes,
  notify,
  notifyRefusal,
  request,
  TextField,
} from '@clinic/kit';
import { MSG, type Turn, turnIdAccepted, turnIdDeleted } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';
import { MoveTurn } from './MoveTurn';

// Accept or delete failures say 'Something went wrong, try again.'; the 24-hour rule says why.
const failed = (err: unknown) => notifyRefusal(err, MSG.turnSomethingWrong);

/** 'Turns details': the turns of one date, the medic's Accept? and CANCEL. */
export function TurnDetails(props: {
  date: string;
  onDate: (date: string) => void;
  turns: readonly Turn[] | null;
  error: string | null;
  onChanged: () => void;
  /** Moves a turn (the keyboard's alternative to dragging it in the week and day views). */
  onMove: (turn: Turn, date: string, time: number) => Promise<void>;
}): ReactElement {
  const [busy, setBusy] = useState<number | null>(null);

  const accept = async (turn: Turn) => {
    setBusy(turn.ID);
    try {
      await request<Turn>('PUT', `/turns/update/${turn.ID}`, {
        time: turn.time,
        MedicID: turn.MedicID,
        medicAccepts: true,
      });
      props.onChanged();
      await notify({ title: turnIdAccepted(turn.ID), icon: 'success', timer: 1500 });
    } catch (err) {
      await failed(err);
    } finally {
      setBusy(null);
    }
  };

  const cancel = async (turn: Turn) => {
    const sure = await confirm({
      title: `Cancel turn ${turn.ID}?`,
      text: `${turn.userPatient.lastName}, ${turn.userPatient.name} on ${formatDate(turn.date)} at ${formatTime(turn.time)}`,
      confirmText: 'Cancel turn',
      cancelText: 'Keep it',
      icon: 'warning',
    });
    if (!sure) return;
    setBusy(turn.ID);
    try {
      await request('DELETE', `/turns/delete/${turn.ID}`);
      props.onChanged();
      await notify({ title: turnIdDeleted(turn.ID), icon: 'success', timer: 1500 });
    } catch (err) {
      await failed(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={`card ${styles.panel}`} aria-labelledby="turn-details-title">
      <h3 id="turn-details-title">Turns details</h3>
      <TextField
        name="detailsDate"
        label="Date"
        type="date"
        value={props.date}
        onChange={(e) => props.onDate(e.target.value)}
      />
      {props.error ? (
        <p role="alert">{props.error}</p>
      ) : props.turns === null ? (
        <p className="muted" role="status">
          {MSG.loadingTurns}
        </p>
      ) : props.turns.length === 0 ? (
        <p className="muted">{MSG.noTurnsThatDay}</p>
      ) : (
        <ul className={`record-list ${styles.turns}`} aria-label={`Turns on ${formatDate(props.date)}`}>
          {props.turns.map((turn) => (
            <li key={turn.ID} className="record">
              <div className={styles.turnHead}>
                <strong>{turn.patientAccepts ? `Turn ${turn.ID}` : MSG.newTurn}</strong>
                <span className={turn.patientAccepts ? styles.ok : styles.waiting}>
                  Patient: {turn.patientAccepts ? 'Accepted' : MSG.pending}
                </span>
                {turn.medicAccepts ? (
                  <span className={styles.ok}>Medic: Accepted</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busy === turn.ID}
                    onClick={() => accept(turn)}
                  >
                    Accept?
                  </button>
                )}
              </div>
              <dl className={styles.facts}>
                <dt>Date</dt>
                <dd>{formatDate(turn.date)}</dd>
                <dt>Time</dt>
                <dd>{formatTime(turn.time)}</dd>
                <dt>Duration</dt>
                <dd>{hoursToMinutes(turn.duration)} minutes</dd>
                <dt>Patient</dt>
                <dd>
                  {turn.userPatient.lastName} {turn.userPatient.name}
                </dd>
                <dt>Document</dt>
                <dd>{turn.userPatient.document}</dd>
                <dt>Description</dt>
                <dd>{turn.description}</dd>
                {turn.isConsultation ? (
                  <>
                    <dt>Consultation</dt>
                    <dd>{turn.budgetPaid ? 'Paid' : 'Not paid yet'}</dd>
                  </>
                ) : null}
              </dl>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy === turn.ID}
                onClick={() => cancel(turn)}
              >
                CANCEL
              </button>
              <MoveTurn turn={turn} onMove={props.onMove} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
