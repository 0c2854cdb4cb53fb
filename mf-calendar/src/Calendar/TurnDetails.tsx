import { formatDate, hoursToMinutes, TextField, useTurnActions } from '@clinic/kit';
import { decimalToTime, MSG, type Turn } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import styles from './Calendar.module.css';
import { MoveTurn } from './MoveTurn';
import { TurnOutcome } from './TurnOutcome';

/** The id of a turn's record in Turns details (Enter on a turn in the grid focuses it). */
export const turnRecordId = (id: number): string => `turn-${id}`;

/** 'Turns details': the turns of one date, the medic's Accept? and CANCEL. */
export function TurnDetails(props: {
  date: string;
  onDate: (date: string) => void;
  turns: readonly Turn[] | null;
  error: string | null;
  /** The clinic's time zone, whose clock judges the notice a cancel needs. */
  timeZone: string;
  onChanged: () => void;
  /** Moves a turn (the keyboard's alternative to dragging it in the week and day views). */
  onMove: (turn: Turn, date: string, time: number) => Promise<void>;
}): ReactElement {
  const { buttonOf } = useTurnActions('medic', props);

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
        <ul
          className={`record-list ${styles.turns}`}
          aria-label={`Turns on ${formatDate(props.date)}`}
          data-turns-on={props.date}
        >
          {props.turns.map((turn) => (
            <li key={turn.ID} id={turnRecordId(turn.ID)} className="record" tabIndex={-1}>
              <div className={styles.turnHead}>
                <strong>{turn.patientAccepts ? `Turn ${turn.ID}` : MSG.newTurn}</strong>
                <span className={turn.patientAccepts ? styles.ok : styles.waiting}>
                  Patient: {turn.patientAccepts ? 'Accepted' : MSG.pending}
                </span>
                {turn.medicAccepts ? (
                  <span className={styles.ok}>Medic: Accepted</span>
                ) : (
                  <button className="btn btn-primary" {...buttonOf(turn, 'accept')}>
                    Accept?
                  </button>
                )}
              </div>
              <dl className={styles.facts}>
                <dt>Date</dt>
                <dd>{formatDate(turn.date)}</dd>
                <dt>Time</dt>
                <dd>{decimalToTime(turn.time)}</dd>
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
              <TurnOutcome turn={turn} timeZone={props.timeZone} onChanged={props.onChanged} />
              <button className="btn btn-danger" {...buttonOf(turn, 'cancel')}>
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
