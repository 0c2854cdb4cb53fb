import { ApiError, notifyRefusal, TextField, useSchemaForm } from '@clinic/kit';
import { decimalToTime, MoveTurnSchema, MSG, type Turn, timeToDecimal } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';

/** The time field ('14:30') as the decimal hours the server takes; a time off the quarter hours is not one. */
const toInput = (values: { date: string; time: string }) => ({
  date: values.date,
  time: timeToDecimal(values.time, { exact: true }),
});

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
  const [initial] = useState(() => ({ date: turn.date, time: decimalToTime(turn.time) }));
  // The browser's own checks (required, a quarter-hour step) come first; nothing is kept for a reload.
  const form = useSchemaForm({
    schema: MoveTurnSchema,
    initial,
    toInput,
    notifyInvalid: false,
    draft: false,
  });
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

  const submit = form.submit(async (input) => {
    try {
      await props.onMove(turn, input.date, input.time as number);
      setOpen(false);
    } catch (err) {
      await notifyRefusal(err, err instanceof ApiError ? err.msg : MSG.turnSomethingWrong);
    }
  });

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
            value={form.values.date}
            onChange={form.bind('date')}
          />
          <TextField
            name={`${prefix}-time`}
            label="New time"
            type="time"
            step={900}
            required
            value={form.values.time}
            onChange={form.bind('time')}
          />
        </div>
        <div className={styles.moveActions}>
          <button type="submit" className="btn btn-primary" disabled={form.sending}>
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
