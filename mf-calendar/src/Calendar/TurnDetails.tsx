import {
  answer,
  api,
  formatDate,
  hoursToMinutes,
  notify,
  notifyRefusal,
  TextField,
  useTurnActions,
} from '@clinic/kit';
import { decimalToTime, hasStarted, MSG, type Turn, turnIdAccepted } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';
import { MoveTurn } from './MoveTurn';
import { TurnOutcome } from './TurnOutcome';

/** The id of a turn's record in Turns details (Enter on a turn in the grid focuses it). */
export const turnRecordId = (id: number): string => `turn-${id}`;

/** How the patient's acceptance was given, and by which medic when one gave it for them. */
function patientAcceptance(turn: Turn, medics?: readonly { id: number; title: string }[]): string {
  if (!turn.patientAccepts) return MSG.pending;
  const how =
    turn.confirmedBy === 'phone'
      ? MSG.confirmedByPhone
      : turn.confirmedBy === 'desk'
        ? MSG.confirmedAtDesk
        : null;
  if (!how) return 'Accepted';
  const by = medics?.find((m) => m.id === turn.confirmedByMedicID)?.title;
  return by ? `${how}, by ${by}` : how;
}

/** 'Confirmed by phone': the desk sets the patient's acceptance for them, saying how it was given. */
function ConfirmByPhone(props: { turn: Turn; onChanged: () => void }): ReactElement {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await answer(
        api.turns.update[':id'].$put({
          param: { id: String(props.turn.ID) },
          json: { patientAccepts: true, confirmedBy: 'phone' },
        }),
      );
      props.onChanged();
      await notify({ title: turnIdAccepted(props.turn.ID), icon: 'success' });
    } catch (err) {
      await notifyRefusal(err, MSG.turnSomethingWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void confirm()}>
      {MSG.confirmedByPhone}
    </button>
  );
}

/** 'Turns details': the turns of one date, the medic's Accept?, Confirmed by phone, and CANCEL and Move until a turn starts. */
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
  /** The clinic's medics, to name each turn's. */
  medics?: readonly { id: number; title: string }[];
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
                  Patient: {patientAcceptance(turn, props.medics)}
                </span>
                {turn.emailConfirmed ? null : (
                  <span className={styles.unconfirmedMark}>{MSG.unconfirmedEmail}</span>
                )}
                {turn.hoursFlag ? (
                  <span className={styles.outsideHours}>
                    {turn.hoursFlag === 'kept' ? MSG.outsideHoursKept : MSG.needsMoving}
                  </span>
                ) : null}
                {turn.medicAccepts ? (
                  <span className={styles.ok}>Medic: Accepted</span>
                ) : (
                  <button className="btn btn-primary" {...buttonOf(turn, 'accept')}>
                    Accept?
                  </button>
                )}
              </div>
              <dl className={styles.facts}>
                {props.medics && props.medics.length > 0 ? (
                  <>
                    <dt>Medic</dt>
                    <dd>
                      {props.medics.find((m) => m.id === turn.MedicID)?.title ?? `Medic ${turn.MedicID}`}
                    </dd>
                  </>
                ) : null}
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
              {turn.patientAccepts ? null : <ConfirmByPhone turn={turn} onChanged={props.onChanged} />}
              <TurnOutcome turn={turn} timeZone={props.timeZone} onChanged={props.onChanged} />
              {/* A turn that has started can no longer be moved or cancelled (the server refuses it). */}
              {hasStarted(turn, new Date(), props.timeZone) ? null : (
                <>
                  <button className="btn btn-danger" {...buttonOf(turn, 'cancel')}>
                    CANCEL
                  </button>
                  <MoveTurn turn={turn} onMove={props.onMove} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
