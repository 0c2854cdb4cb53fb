import { check, type FieldErrors, MSG } from '@clinic/worker/contract';
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from 'react';
import type * as v from 'valibot';
import type { DryRun } from '../api';
import { $session } from '../browser-session';
import { type DialogIcon, notify } from '../dialogs/dialogs';
import {
  clearDraft,
  draftKey,
  readDraft,
  readWholeDraft,
  type ScopedDraft,
  scopedDraftKey,
  textFields,
  writeDraft,
  writeWholeDraft,
} from './drafts';
import { useSaveOnce } from './saveOnce';
import { useServerValidation } from './useServerValidation';

/**
 * A form field: a top-level key of the values, or 'group.key' for a text field inside a group of
 * them (`{ infoUser: { name } }` → 'infoUser.name', the dotted path the contract reports it under).
 */
export type FieldOf<V> = {
  [K in keyof V & string]: V[K] extends Record<string, string> ? `${K}.${keyof V[K] & string}` : K;
}[keyof V & string];

/** The value of one field of `V`. */
export type ValueOf<V, F extends string> = F extends `${infer G}.${infer K}`
  ? G extends keyof V
    ? K extends keyof V[G]
      ? V[G][K]
      : never
    : never
  : F extends keyof V
    ? V[F]
    : never;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface SchemaForm<V, S extends v.GenericSchema, I = V, F extends string = FieldOf<V>> {
  values: V;
  /** The contract's verdict on the current values, with the parsed API input when valid. */
  result: ReturnType<typeof check<S>>;
  /** Sets one field: it shows its error from now on, and the server's old word on it is dropped. */
  set: <P extends F>(field: P, value: ValueOf<V, P>) => void;
  /** onChange handler for one text field. */
  bind: (field: F) => (event: ChangeEvent<Control>) => void;
  /**
   * onChange + error for an `<input type="file">`: the field holds the chosen File (or null once
   * the choice is cleared). A File is never kept in a draft.
   */
  file: (field: F) => {
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: string | undefined;
  };
  /** value + onChange + error for a kit field component. */
  field: (field: F) => {
    value: string;
    onChange: (event: ChangeEvent<Control>) => void;
    error: string | undefined;
  };
  /** The message under a field (client rules, or what the server answered), if it should show. */
  errorOf: (field: F) => string | undefined;
  /** Call on submit: every error shows from now on. */
  markSubmitted: () => void;
  /** Shows the server's field errors (422, 409) under the fields until each field changes. */
  setServerErrors: (errors: FieldErrors | undefined) => void;
  /** True once submitted while any field has an error: time for 'Your form has errors…'. */
  showFormError: boolean;
  /** While `submit`'s handler runs: disable the submit button. */
  sending: boolean;
  /**
   * onSubmit handler: marks the form submitted; with errors (the contract's, or the server's
   * re-validation) it says MSG.invalidInput and stops; otherwise it calls `send` with the API input,
   * `sending` meanwhile. `send` shows a refusal itself (`setServerErrors`, then its pop-up).
   */
  submit: (send: (input: I) => Promise<void>) => (event: FormEvent) => void;
  /** Starts again: no field changed, nothing submitted, from `to` (the initial values when not given). */
  reset: (to?: V) => void;
  /** The values were saved some other way than `submit`: their draft goes (until the next change). */
  forgetDraft: () => void;
  /** True while the values shown came from a draft kept before a reload (until a reset). */
  restored: boolean;
  /** A scoped draft's `base` as it was kept with the restored draft (undefined without one). */
  restoredBase: unknown;
}

function valueAt(values: unknown, path: string): unknown {
  const dot = path.indexOf('.');
  const record = values as Record<string, unknown>;
  if (dot < 0) return record[path];
  return (record[path.slice(0, dot)] as Record<string, unknown> | undefined)?.[path.slice(dot + 1)];
}

function withValue<V>(values: V, path: string, value: unknown): V {
  const dot = path.indexOf('.');
  if (dot < 0) return { ...values, [path]: value };
  const group = path.slice(0, dot);
  const inner = (values as Record<string, unknown>)[group] as Record<string, unknown>;
  return { ...values, [group]: { ...inner, [path.slice(dot + 1)]: value } };
}

const hasAny = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/**
 * THE form mechanism of every screen: values checked by a contract schema on every
 * change, so the screen and the server say the same thing; a field shows its message once it was
 * changed or the form submitted (never on blur); the server's field errors show under their fields.
 * A field is the dotted path the schema reports it under ('infoUser.name'); `toInput` shapes the
 * values as the API takes them (keep it stable); `validate`, the form's write as a dry run (a typed
 * call with DRY_RUN), re-validates with the server from the first change. What the user typed and
 * has not sent successfully survives a reload of the screen (forms/drafts.ts: the tab's session
 * storage, never a password); it is dropped once sent, when the screen is left, and on sign-out.
 */
export function useSchemaForm<S extends v.GenericSchema, V extends object, I = V>(options: {
  schema: S;
  initial: V;
  toInput?: (values: V) => I;
  /**
   * A confirmation field and the field it repeats, with the message for a mismatch. The schema says
   * the same, but only once every other field is valid; this shows it as soon as both are typed.
   */
  mustMatch?: { field: NoInfer<FieldOf<V>>; confirm: NoInfer<FieldOf<V>>; msg: string };
  validate?: DryRun<I>;
  /**
   * Checks only the screen can make (the chosen slot is free, the chosen file is a PDF): the
   * message for each field that fails, from the values and whatever state the screen holds. They
   * show and block a submit like the contract's own messages, after them.
   */
  checks?: (values: V) => Partial<Record<NoInfer<FieldOf<V>>, string | undefined>>;
  /** False: a submit with errors only marks the fields and the form (no pop-up). */
  notifyInvalid?: boolean;
  /** The pop-up's title for a submit with errors, from the values (MSG.invalidInput when not given). */
  invalidTitle?: (values: V) => string;
  /** The pop-up's icon for a submit with errors ('error' when not given). */
  invalidIcon?: DialogIcon;
  /**
   * False: nothing of this form is kept for a reload (forms/drafts.ts). A scope: the draft is the
   * signed-in user's for that record, keeps every field, and outlives leaving the screen.
   */
  draft?: boolean | ScopedDraft;
}): SchemaForm<V, S, I> {
  type F = FieldOf<V>;
  const { schema, initial, toInput, mustMatch, validate, checks } = options;
  const keeps = options.draft !== false;
  const scoped = typeof options.draft === 'object' ? options.draft : null;
  // The storage key follows the screen the form was opened on, not later changes of `initial`.
  const [draft] = useState(() => {
    if (scoped) {
      const key = scopedDraftKey($session.get()?.email ?? '', scoped.scope, initial);
      const kept = readWholeDraft(key, initial);
      const changed = kept
        ? Object.keys(initial).filter(
            (k) => JSON.stringify(kept.values[k as keyof V]) !== JSON.stringify(initial[k as keyof V]),
          )
        : [];
      return { key, restored: kept?.values ?? null, changed, base: kept?.base };
    }
    const key = draftKey(initial);
    const restored = keeps ? readDraft(key, initial) : null;
    const before = textFields(initial);
    const changed = restored
      ? Object.entries(textFields(restored))
          .filter(([path, value]) => before[path] !== value)
          .map(([path]) => path)
      : [];
    return { key, restored, changed, base: undefined as unknown };
  });
  const [restored, setRestored] = useState(draft.restored !== null);
  const [values, setValues] = useState(draft.restored ?? initial);
  // Fields given back from a draft show their messages as if just typed.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(draft.changed));
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const saveOnce = useSaveOnce();

  const input = useMemo(() => (toInput ? toInput(values) : (values as unknown as I)), [toInput, values]);
  const result = useMemo(() => check(schema, input), [schema, input]);
  const checked = useServerValidation(validate, input, touched.size > 0);
  const clientErrors = result.ok ? {} : result.errors;
  const screenErrors: Partial<Record<string, string | undefined>> = checks ? checks(values) : {};
  const screenBlocks = Object.values(screenErrors).some(Boolean);
  const blocked = !result.ok || screenBlocks || hasAny(checked);

  // A restored draft stays tied to the version it was typed on, not to the one read since.
  const base = restored ? draft.base : scoped?.base;
  const whole = scoped !== null;
  useEffect(() => {
    if (!keeps || touched.size === 0) return;
    if (whole) writeWholeDraft(draft.key, initial, values, base);
    else writeDraft(draft.key, initial, values);
  }, [keeps, whole, base, draft, initial, values, touched]);
  // Leaving the screen drops its draft; a reload does not unmount the form, so it keeps it. A form
  // that keeps nothing leaves alone a draft of another form with the same fields on the screen. A
  // scoped draft stays (a crash unmounts the form too): saving, discarding or signing out drop it.
  const forgets = keeps && !scoped;
  useEffect(() => () => (forgets ? clearDraft(draft.key) : undefined), [forgets, draft]);

  const set = (field: F, value: unknown): void => {
    setValues((old) => withValue(old, field, value));
    setTouched((old) => (old.has(field) ? old : new Set(old).add(field)));
    // The server's word on this field (or on the pair it must match) no longer holds.
    const linked = mustMatch && (field === mustMatch.field || field === mustMatch.confirm);
    const stale = linked ? [mustMatch.field, mustMatch.confirm] : [field];
    setServerErrors((old) => {
      const next = { ...old };
      for (const f of stale) delete next[f];
      return next;
    });
  };
  const bind =
    (field: F) =>
    (event: ChangeEvent<Control>): void =>
      set(field, event.target.value);
  const file =
    (field: F) =>
    (event: ChangeEvent<HTMLInputElement>): void =>
      set(field, event.target.files?.[0] ?? null);

  const errorOf = (field: F): string | undefined => {
    if (!(touched.has(field) || submitted)) return undefined;
    const own = clientErrors[field]?.msg ?? screenErrors[field];
    if (own) return own;
    if (mustMatch?.confirm === field) {
      const { field: first, confirm } = mustMatch;
      const [a, b] = [valueAt(values, first), valueAt(values, confirm)];
      if (b && a !== b) return mustMatch.msg;
    }
    return checked[field]?.msg ?? serverErrors[field]?.msg;
  };

  return {
    values,
    result,
    set: set as SchemaForm<V, S, I>['set'],
    bind,
    file: (field) => ({ onChange: file(field), error: errorOf(field) }),
    field: (field) => ({
      value: String(valueAt(values, field) ?? ''),
      onChange: bind(field),
      error: errorOf(field),
    }),
    errorOf,
    markSubmitted: () => setSubmitted(true),
    setServerErrors: (errors) => setServerErrors(errors ?? {}),
    showFormError: submitted && (blocked || hasAny(serverErrors)),
    sending,
    submit: (send) => (event) => {
      event.preventDefault();
      setSubmitted(true);
      if (blocked) {
        if (options.notifyInvalid !== false) {
          void notify({
            title: options.invalidTitle?.(values) ?? MSG.invalidInput,
            icon: options.invalidIcon ?? 'error',
          });
        }
        return;
      }
      setSending(true);
      // Sent once however often it is tried: saving again the same input after a blip is the same save.
      void saveOnce(input, () => send(input))
        .then((saved) => {
          // Saved: some write went through and none failed. A refusal or no answer keeps the draft.
          if (keeps && saved) clearDraft(draft.key);
        })
        .finally(() => setSending(false));
    },
    forgetDraft: () => {
      clearDraft(draft.key);
      setTouched(new Set());
      setRestored(false);
    },
    restored,
    restoredBase: restored ? draft.base : undefined,
    reset: (to) => {
      clearDraft(draft.key);
      setRestored(false);
      setValues(to ?? initial);
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
