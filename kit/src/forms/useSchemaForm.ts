import { check, type FieldErrors } from '@clinic/worker/contract';
import { type ChangeEvent, useMemo, useState } from 'react';
import type * as v from 'valibot';

export interface SchemaForm<F extends string, S extends v.GenericSchema> {
  values: Record<F, string>;
  /** The contract's verdict on the current values, with the parsed API input when valid. */
  result: ReturnType<typeof check<S>>;
  /** onChange handler for one field. */
  bind: (field: F) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  /** onBlur handler: a field shows its error once it was left or the form submitted. */
  touch: (field: F) => () => void;
  /** The message under a field (client rules, or what the server answered), if it should show. */
  errorOf: (field: F) => string | undefined;
  /** Call on submit: every error shows from now on. */
  markSubmitted: () => void;
  /** Shows the server's field errors (422) under the fields until the next change. */
  setServerErrors: (errors: FieldErrors | undefined) => void;
  reset: () => void;
}

/**
 * Form state checked by a contract schema on every change, so the screen and the server say the
 * same thing (DESIGN §2). `pathOf` maps a form field to the dotted path the schema reports it under
 * (e.g. 'name' → 'infoUser.name'); `toInput` shapes the values as the API takes them.
 */
export function useSchemaForm<F extends string, S extends v.GenericSchema>(options: {
  schema: S;
  initial: Record<F, string>;
  toInput?: (values: Record<F, string>) => unknown;
  pathOf?: (field: F) => string;
  /**
   * A confirmation field and the field it repeats, with the message for a mismatch. The schema says
   * the same, but only once every other field is valid; this shows it as soon as both are typed.
   */
  mustMatch?: { field: NoInfer<F>; confirm: NoInfer<F>; msg: string };
}): SchemaForm<F, S> {
  const { schema, initial, toInput, pathOf = (f: F) => f, mustMatch } = options;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const result = useMemo(() => check(schema, toInput ? toInput(values) : values), [schema, toInput, values]);

  return {
    values,
    result,
    bind: (field) => (event) => {
      const { value } = event.target;
      setValues((old) => ({ ...old, [field]: value }));
      setTouched((old) => ({ ...old, [field]: true }));
      setServerErrors({});
    },
    touch: (field) => () => setTouched((old) => ({ ...old, [field]: true })),
    errorOf: (field) => {
      const path = pathOf(field);
      if (serverErrors[path]) return serverErrors[path]?.msg;
      if (!(touched[field] || submitted) || result.ok) return undefined;
      const own = result.errors[path]?.msg;
      if (own || mustMatch?.confirm !== field) return own;
      const { field: first, confirm } = mustMatch;
      return values[confirm] && values[first] !== values[confirm] ? mustMatch.msg : undefined;
    },
    markSubmitted: () => setSubmitted(true),
    setServerErrors: (errors) => setServerErrors(errors ?? {}),
    reset: () => {
      setValues(initial);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
