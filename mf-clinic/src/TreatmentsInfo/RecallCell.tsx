import { ApiError, answer, api } from '@clinic/kit';
import { MSG, type Treatment } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useState } from 'react';
import { recallMonthsOf } from './recall';
import styles from './TreatmentsInfo.module.css';

const textOf = (months: number | null | undefined): string => (months == null ? '' : String(months));

/**
 * The inline recall interval editor, saved like the price (Enter or leaving the field; Escape
 * undoes) by the same `PUT /api/treatments`, with the price as it is. Empty means no recall.
 */
export function RecallCell(props: { treatment: Treatment; onSaved: (t: Treatment) => void }): ReactElement {
  const { treatment } = props;
  const [text, setText] = useState(textOf(treatment.recallMonths));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const errorId = `recall-error-${treatment.ID}`;

  useEffect(() => setText(textOf(treatment.recallMonths)), [treatment.recallMonths]);

  const save = async (): Promise<void> => {
    const typed = recallMonthsOf(text);
    if (!typed.ok) {
      setError(typed.msg);
      return;
    }
    setError(null);
    if (saving || typed.value === (treatment.recallMonths ?? null)) return;
    setSaving(true);
    try {
      props.onSaved(
        await answer(
          api.treatments.$put({
            json: { ID: treatment.ID, price: treatment.price, recallMonths: typed.value },
          }),
        ),
      );
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors?.recallMonths?.msg ?? err.msg) : MSG.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.recall}>
      <input
        className={`${styles.priceInput} ${styles.recallInput}`}
        type="text"
        inputMode="numeric"
        placeholder="None"
        aria-label={`Recall (months) of ${treatment.ID}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        disabled={saving}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
          setSaved(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            setText(textOf(treatment.recallMonths));
            setError(null);
          }
        }}
        onBlur={() => void save()}
      />
      <span role="status" className={styles.changed}>
        {saved ? 'Saved.' : null}
      </span>
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
