import { MSG, type PatientListItem } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { answerPage, api } from '../api';
import { LoadFailed } from '../page/LoadFailed';
import { useQuery } from '../useQuery';
import { TextField } from './fields';
import styles from './PatientPicker.module.css';

/** How long typing must pause before the search runs. */
const DEBOUNCE_MS = 250;

/**
 * Picks ONE patient: a case-insensitive substring of the name, last name, document or email
 * (calendar patient search, done by the server), its matches as buttons, then the choice
 * with a way to change it. `error` shows under the field.
 */
export function PatientPicker(props: {
  value: PatientListItem | null;
  onChange: (patient: PatientListItem | null) => void;
  label?: string;
  error?: string | undefined;
}): ReactElement {
  const [term, setTerm] = useState('');
  const needle = term.trim();
  // The search runs for the term typing paused on; a late answer for an older term is dropped.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(needle), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [needle]);
  const found = useQuery(asked.length < 2 ? null : `patient-picker:${asked}`, () =>
    answerPage(api.patients.$get({ query: { contains: asked, limit: '8', offset: '0' } })),
  );
  const matches = needle.length < 2 ? null : asked !== needle ? { state: 'loading' as const } : found;

  // The match button a pick removes had the focus: it goes to 'Change patient', beside the chosen
  // patient's name, one Tab before the form's next field (never to the page).
  const change = useRef<HTMLButtonElement>(null);
  const picked = useRef(false);
  const hasValue = props.value !== null;
  useEffect(() => {
    if (!hasValue || !picked.current) return;
    picked.current = false;
    change.current?.focus();
  }, [hasValue]);
  const choose = (patient: PatientListItem): void => {
    picked.current = true;
    props.onChange(patient);
  };

  if (props.value) {
    const p = props.value;
    return (
      <div className={styles.chosen}>
        <span className={styles.label}>{props.label ?? 'Patient'}</span>
        <div className={styles.row}>
          <span>
            <strong>
              {p.lastName}, {p.name}
            </strong>{' '}
            <span className="muted">DNI {p.document}</span>
          </span>
          <button
            ref={change}
            type="button"
            className="btn btn-secondary"
            onClick={() => props.onChange(null)}
          >
            Change patient
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.picker}>
      <TextField
        name="patientSearch"
        label={props.label ?? 'Patient'}
        hint="Name, last name, DNI or email"
        value={term}
        autoComplete="off"
        onChange={(e) => setTerm(e.target.value)}
        error={props.error}
      />
      {matches === null ? null : matches.state === 'loading' ? (
        <p className="muted" role="status">
          Searching...
        </p>
      ) : matches.state === 'error' ? (
        <LoadFailed resource={matches} />
      ) : matches.data.rows.length === 0 ? (
        <p className="muted">{MSG.patientNotFound}</p>
      ) : (
        <ul className={styles.matches} aria-label="Matching patients">
          {matches.data.rows.map((p) => (
            <li key={p.ID}>
              <button type="button" className={styles.match} onClick={() => choose(p)}>
                {p.lastName}, {p.name} <span className="muted">DNI {p.document}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
