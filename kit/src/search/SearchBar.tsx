import { type FormEvent, type ReactElement, useId } from 'react';
import styles from './SearchBar.module.css';

/**
 * A labelled search box with its Search button in a `<search>` landmark, and the message under it
 * (wired with aria-invalid / aria-describedby). The screens decide what a search means.
 */
export function SearchBar(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  error?: string | null | undefined;
  /** Search disabled (a wrong search format disables it). */
  disabled?: boolean;
  /** 'secondary' inside a form whose own submit is the primary action. */
  variant?: 'primary' | 'secondary';
  className?: string | undefined;
}): ReactElement {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <search className={props.className}>
      <form onSubmit={props.onSubmit} noValidate>
        <label htmlFor={id} className={styles.label}>
          {props.label}
        </label>
        <div className={styles.bar}>
          <input
            id={id}
            type="search"
            className={styles.input}
            value={props.value}
            placeholder={props.placeholder}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? errorId : undefined}
            onChange={(e) => props.onChange(e.target.value)}
          />
          <button type="submit" className={`btn btn-${props.variant ?? 'primary'}`} disabled={props.disabled}>
            Search
          </button>
        </div>
        {props.error ? (
          <p id={errorId} className={styles.error} role="alert">
            {props.error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
