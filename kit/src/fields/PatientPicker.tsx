import { MSG, type PatientListItem } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useState } from 'react';
import { ApiError, request } from '../api';
import { TextField } from './fields';
import styles from './PatientPicker.module.css';

type Matches =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; rows: PatientListItem[] }
  | { state: 'error'; msg: string };

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
  const [matches, setMatches] = useState<Matches>({ state: 'idle' });
  const needle = term.trim();

  useEffect(() => {
    if (needle.length < 2) {
      setMatches({ state: 'idle' });
      return;
    }
    let live = true;
    setMatches({ state: 'loading' });
    const timer = setTimeout(() => {
      request<PatientListItem[]>('GET', `/patients?contains=${encodeURIComponent(needle)}&limit=8`).then(
        (rows) => live && setMatches({ state: 'ready', rows }),
        (err: unknown) =>
          live &&
          setMatches({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [needle]);

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
          <button type="button" className="btn btn-secondary" onClick={() => props.onChange(null)}>
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
      {matches.state === 'loading' ? (
        <p className="muted" role="status">
          Searching...
        </p>
      ) : matches.state === 'error' ? (
        <p role="alert">{matches.msg}</p>
      ) : matches.state === 'ready' && matches.rows.length === 0 ? (
        <p className="muted">{MSG.patientNotFound}</p>
      ) : matches.state === 'ready' ? (
        <ul className={styles.matches} aria-label="Matching patients">
          {matches.rows.map((p) => (
            <li key={p.ID}>
              <button type="button" className={styles.match} onClick={() => props.onChange(p)}>
                {p.lastName}, {p.name} <span className="muted">DNI {p.document}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
