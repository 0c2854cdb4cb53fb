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

/** What every control gets: its id, name, class and the accessible error wiring. */
interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

/**
 * What a field says about itself; `className` goes on the field's wrapper, not the control.
 * `required` marks the label with a visible asterisk and goes on to the control as well (the forms
 * are `noValidate`: the attribute tells assistive technology, the form's schema does the checking).
 */
type Framed = FieldChrome & {
  id?: string | undefined;
  className?: string | undefined;
  required?: boolean | undefined;
};

/** Splits a field's props into what the frame draws and what the control receives. */
function splitFramed<P extends Framed>({
  label,
  name,
  error,
  hint,
  id,
  className,
  required,
  ...control
}: P): [Framed, Omit<P, keyof Framed>] {
  return [{ label, name, error, hint, id, className, required }, control];
}

/** The label, the control (drawn by `children` from its props), the hint and the error. */
function FieldFrame({
  label,
  name,
  error,
  hint,
  id,
  className,
  required,
  children,
}: Framed & { children: (control: ControlProps) => ReactElement }): ReactElement {
  const { inputId, errorId, hintId } = useFieldIds(id);
  const ids = [hint ? hintId : null, error ? errorId : null].filter(Boolean);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <span className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {/* Outside the label: the field's accessible name stays its label; `required` says the rest. */}
        {required ? (
          <span className={styles.required} aria-hidden="true" title="Required">
            *
          </span>
        ) : null}
      </span>
      {children({
        required,
        id: inputId,
        name,
        className: styles.control ?? '',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
      })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

/** Labelled input with its error under it (aria-invalid + aria-describedby). */
export function TextField(props: TextFieldProps): ReactElement {
  const [frame, input] = splitFramed(props);
  return <FieldFrame {...frame}>{(control) => <input {...control} {...input} />}</FieldFrame>;
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
export function SelectField(props: SelectFieldProps): ReactElement {
  const [frame, { options, placeholder, ...select }] = splitFramed(props);
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;

/** Labelled textarea with its error under it. */
export function TextAreaField(props: TextAreaFieldProps): ReactElement {
  const [frame, area] = splitFramed(props);
  return <FieldFrame {...frame}>{(control) => <textarea {...control} {...area} />}</FieldFrame>;
}
