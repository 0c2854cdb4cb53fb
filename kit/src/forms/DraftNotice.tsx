import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import styles from './DraftNotice.module.css';

/**
 * Shown above a form whose values came back from a kept draft (`form.restored`): says so, and
 * 'Discard draft' starts the form empty again (`onDiscard`, usually `form.reset()`).
 */
export function DraftNotice(props: { restored: boolean; onDiscard: () => void }): ReactElement | null {
  if (!props.restored) return null;
  return (
    <div className={styles.notice} role="status">
      <p>{MSG.draftRestored}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={props.onDiscard}>
        {MSG.discardDraft}
      </button>
    </div>
  );
}
