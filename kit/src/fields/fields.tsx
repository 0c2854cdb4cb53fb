import {
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './fields.module.css';

interface FieldChrome {
  label: ReactNode;
  name: string;
  /** Message shown under the field; also marks the control aria-invalid. */
  error?: string | undefined;
  /** Optional helper text under the control. */
  hint?: ReactNode;
}

function useFieldIds(id: string | undefined): { inputId: string; errorId: string; hintId: string } {
  const generated = useId();
  const inputId = id ?? `f${generated}`;
  return { inputId, errorId: `${inputId}-error`, hintId: `${inputId}-hint` };
}

function describedBy(error: string | undefined, hint: ReactNode, errorId: string, hintId: string) {
  const ids = [hint ? hintId : null, error ? errorId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldFooter(props: {
  error: string | undefined;
  hint: ReactNode;
  errorId: string;
  hintId: string;
}): ReactElement {
  return (
    <>
      {props.hint ? (
        <span id={props.hintId} className={styles.hint}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span id={props.errorId} className={styles.error}>
          {props.error}
        </span>
      ) : null}
    </>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** Labelled input with its error under it (aria-invalid + aria-describedby). */
export function TextField({
  label,
  name,
  error,
  hint,
  id,
  className,
  ...input
}: TextFieldProps): ReactElement {
  const { inputId, errorId, hintId } = useFieldIds(id);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        {...input}
      />
      <FieldFooter error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
    options: readonly SelectOption[];
    /** Adds a first, empty option with this text. */
    placeholder?: string;
  };

/** Labelled native select with its error under it. */
export function SelectField({
  label,
  name,
  error,
  hint,
  id,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps): ReactElement {
  const { inputId, errorId, hintId } = useFieldIds(id);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <select
        id={inputId}
        name={name}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldFooter error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;

/** Labelled textarea with its error under it. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  id,
  className,
  ...area
}: TextAreaFieldProps): ReactElement {
  const { inputId, errorId, hintId } = useFieldIds(id);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <textarea
        id={inputId}
        name={name}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, errorId, hintId)}
        {...area}
      />
      <FieldFooter error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}
