import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import styles from './FormLayout.module.css';

/** The shared form layout classes: form, section (a fieldset), grid, actions, formError, compact. */
export const formStyles: Readonly<Record<string, string>> = styles;

/** The end of a data form: 'Your form has errors…' once submitted with errors, then the submit button. */
export function FormFooter({
  showError,
  sending,
  label,
}: {
  showError: boolean;
  sending: boolean;
  label: string;
}): ReactElement {
  return (
    <>
      {showError ? (
        <p className={styles.formError} role="alert">
          {MSG.invalidInput}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {label}
        </button>
      </div>
    </>
  );
}
