import { etagOf, type FieldErrors, MSG } from '@clinic/worker/contract';
import type { ClientRequestOptions } from 'hono/client';
import { ApiError } from '../api';
import { notify } from '../dialogs/dialogs';
import { textFields } from './drafts';

/**
 * No lost update, the screens' side. A form that edits a record saves with `ifMatch(record)`, the
 * record as it was when the form opened; the server answers 412 with the record as it is now when
 * someone else changed it meanwhile (worker lib/etag.ts). `staleSave` then tells which fields
 * changed (a message under each, with the new value, and a pop-up), keeps what was typed, and
 * answers the current record: the form keeps it as its new base, so the next save, made knowing,
 * goes through.
 */

/** The options of a typed call that saves `record` only if nobody changed it: `$put(args, ifMatch(record))`. */
export function ifMatch(record: unknown): ClientRequestOptions {
  return { headers: { 'If-Match': etagOf(record) } };
}

/** The form fields (dotted paths) whose value differs between two versions of the form's values. */
export function changedFields(before: object, after: object): Record<string, string> {
  const was = textFields(before);
  const now = textFields(after);
  return Object.fromEntries(Object.entries(now).filter(([path, value]) => was[path] !== value));
}

/** The part of a form `staleSave` works on (a SchemaForm). */
interface StaleForm {
  values: object;
  set: (field: never, value: never) => void;
  setServerErrors: (errors: FieldErrors) => void;
}

/**
 * A failed save: when it is a 412, merges the record as it now is into the form and answers it;
 * otherwise null (the caller shows the failure as usual). A field someone else changed that this
 * form left as it was takes their value; one changed on both sides keeps what was typed. Either way
 * the field says what the other person wrote, and a pop-up lists them (`labelOf` names a field).
 * Saving again then keeps both people's changes.
 */
export async function staleSave<R>(
  err: unknown,
  base: R,
  formOf: (record: R) => object,
  form: StaleForm,
  labelOf: (path: string) => string = (path) => path,
): Promise<R | null> {
  if (!(err instanceof ApiError) || err.status !== 412 || !err.current) return null;
  const current = err.current as R;
  const was = textFields(formOf(base));
  const typed = textFields(form.values);
  const changed = changedFields(formOf(base), formOf(current));
  const paths = Object.keys(changed).filter((path) => path in typed);
  const set = form.set as (field: string, value: string) => void;
  for (const path of paths) if (typed[path] === was[path]) set(path, changed[path] ?? '');
  form.setServerErrors(
    Object.fromEntries(
      paths.map((path) => [path, { msg: `${MSG.changedByOther} ${changed[path] || MSG.changedToEmpty}` }]),
    ),
  );
  await notify({
    title: MSG.staleRecord,
    text: paths.length
      ? `${MSG.staleFields} ${paths.map(labelOf).join(', ')}. ${MSG.staleKept}`
      : MSG.staleKept,
    icon: 'warning',
  });
  return current;
}
