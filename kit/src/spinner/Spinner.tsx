import type { ReactElement } from 'react';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  /** Accessible name; the visible text too when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

/** Loading indicator with role="status" (accessible name "Loading" by default). */
export function Spinner({ label = 'Loading', showLabel = false }: SpinnerProps): ReactElement {
  return (
    <div className={styles.wrap} role="status" aria-label={label}>
      <span className={styles.ring} aria-hidden="true" />
      {showLabel ? <span className={styles.text}>{label}</span> : null}
    </div>
  );
}
