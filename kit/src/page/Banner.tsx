import type { ReactElement, ReactNode } from 'react';
import styles from './Banner.module.css';

/**
 * A message box with a × button that takes it away ('Patient not found' with its close
 * button, 'Budget Not Found' with its dismiss button); `children` go under the title.
 */
export function Banner(props: {
  title: string;
  tone: 'warning' | 'danger';
  role: 'status' | 'alert';
  /** The × button's accessible name. */
  closeLabel: string;
  onClose: () => void;
  children?: ReactNode;
}): ReactElement {
  return (
    <div className={`${styles.banner} ${styles[props.tone]}`} role={props.role}>
      <p className={styles.title}>{props.title}</p>
      {props.children}
      <button type="button" className={styles.close} aria-label={props.closeLabel} onClick={props.onClose}>
        ×
      </button>
    </div>
  );
}
