import { formatDate } from '@clinic/kit';
import { decimalToTime, MSG, type StrandedChoice, type Turn } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useRef } from 'react';
import styles from './StrandedTurns.module.css';

/**
 * Before new hours are saved: the booked turns they leave outside them, and what to do with them
 * (keep them marked, cancel and mail them, or leave them for the desk to move), or go back to the
 * hours. A modal dialog (the browser's own: focus stays inside, Escape goes back).
 */
export function StrandedTurns(props: {
  turns: readonly Turn[];
  onAnswer: (choice: StrandedChoice | null) => void;
}): ReactElement {
  const box = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = box.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const choices: [StrandedChoice, string][] = [
    ['keep', MSG.strandedKeep],
    ['cancel', MSG.strandedCancel],
    ['move', MSG.strandedMove],
  ];
  return (
    <dialog
      ref={box}
      className={styles.dialog}
      aria-labelledby="stranded-title"
      aria-describedby="stranded-text"
      onCancel={(event) => {
        event.preventDefault();
        props.onAnswer(null);
      }}
    >
      <h2 id="stranded-title">Booked turns outside the new hours</h2>
      <p id="stranded-text">{MSG.strandedTurns}</p>
      <ul className={styles.turns} aria-label="Turns outside the new hours">
        {props.turns.map((t) => (
          <li key={t.ID}>
            {formatDate(t.date)} {decimalToTime(t.time)}: {t.userPatient.lastName}, {t.userPatient.name}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {choices.map(([choice, label]) => (
          <button
            key={choice}
            type="button"
            className={choice === 'cancel' ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={() => props.onAnswer(choice)}
          >
            {label}
          </button>
        ))}
        <button type="button" className="btn btn-secondary" onClick={() => props.onAnswer(null)}>
          Back to the hours
        </button>
      </div>
    </dialog>
  );
}
