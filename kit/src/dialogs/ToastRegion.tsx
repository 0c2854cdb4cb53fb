import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { $toasts } from './dialogs';
import styles from './ToastRegion.module.css';

/**
 * The success toasts: one polite live region (role="status") that is always in the page, so what
 * appears in it is announced. Nothing in it is focusable and it lets clicks through, so typing and
 * clicking go on underneath while a toast shows.
 */
export function ToastRegion(): ReactElement {
  const toasts = useStore($toasts);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast}>
          <span className={styles.icon} aria-hidden="true">
            ✓
          </span>
          <div>
            <p className={styles.title}>{toast.title}</p>
            {toast.text ? <p className={styles.text}>{toast.text}</p> : null}
          </div>
        </div>
      ))}
    </div>
  );
}
