import { answer, api, notifyFailure } from '@clinic/kit';
import { hasStarted, MSG, type TurnOutcome as Outcome, type Turn } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';

/**
 * A turn's confirmation by the patient (from the reminder's link) and, once it has started, the
 * desk's one click: Attended or No-show (the chosen one pressed; a click on the other corrects it).
 */
export function TurnOutcome(props: {
  turn: Turn;
  timeZone: string;
  onChanged: () => void;
}): ReactElement | null {
  const { turn } = props;
  const [busy, setBusy] = useState(false);
  const started = hasStarted(turn, new Date(), props.timeZone);

  const mark = async (outcome: Outcome) => {
    setBusy(true);
    try {
      await answer(api.turns[':id'].outcome.$put({ param: { id: String(turn.ID) }, json: { outcome } }));
      props.onChanged();
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {turn.patientConfirmed ? <span className={styles.ok}>{MSG.confirmedByPatient}</span> : null}
      {started ? (
        <fieldset className={styles.outcome} aria-label={`Outcome of turn ${turn.ID}`}>
          {(['attended', 'no-show'] as const).map((o) => (
            <button
              key={o}
              type="button"
              className={`btn ${turn.outcome === o ? 'btn-primary' : ''}`}
              aria-pressed={turn.outcome === o}
              disabled={busy}
              onClick={() => mark(o)}
            >
              {o === 'attended' ? MSG.attended : MSG.noShow}
            </button>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
