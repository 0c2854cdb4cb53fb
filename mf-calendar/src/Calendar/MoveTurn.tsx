import { ApiError, notifyRefusal, TextField } from '@clinic/kit';
import { decimalToTime, MSG, type Turn, timeToDecimal } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';

/**
 * 'Move' on one turn of Turns details: the keyboard's way to do what dragging does in the week
 * and day views. A new date and time go to the server, which applies the booking rule.
 */
export function MoveTurn(props: {
  turn: Turn;
  onMove: (turn: Turn, date: string, time: number) => Promise<void>;
}): ReactElement {
  const { turn } = props;
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(turn.date);
  const [time, setTime] = useState(() => decimalToTime(turn.time));
  const [busy, setBusy] = useState(false);
  const prefix = `move-${turn.ID}`;

  const toggle = (
    <button
      type="button"
      className="btn"
      aria-expanded={open}
      aria-controls={open ? prefix : undefined}
      onClick={() => setOpen(!open)}
    >
      {MSG.moveTurn}
    </button>
  );
  if (!open) return toggle;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const hours = timeToDecimal(time, { exact: true });
    if (!date || hours === null) return;
    setBusy(true);
    try {
      await props.onMove(turn, date, hours);
      setOpen(false);
    } catch (err) {
      await notifyRefusal(err, err instanceof ApiError ? err.msg : MSG.turnSomethingWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {toggle}
      <form id={prefix} className={styles.move} aria-label={`Move turn ${turn.ID}`} onSubmit={submit}>
        <div className={styles.pair}>
          <TextField
            name={`${prefix}-date`}
            label="New date"
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
          <TextField
            name={`${prefix}-time`}
            label="New time"
            type="time"
            step={900}
            required
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </div>
        <div className={styles.moveActions}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Move turn
          </button>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </form>
    </>
  );
}
