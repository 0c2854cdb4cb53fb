import * as v from 'valibot';
import type { FieldErrors } from './errors';

/** Flattens valibot issues into the API's field error map; the first message per field wins. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    if (!out[key]) out[key] = { msg: issue.message };
  }
  return out;
}

/** Runs a schema and answers either the parsed output or the field error map. */
export function check<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, errors: fieldErrors(result.issues) };
}

/**
 * A string field whose absence reads as empty, so a missing key gets the field's own
 * "is required" message rather than a generic one. Pipe `v.nonEmpty(msg)` after it.
 */
export const requiredString = (msg: string) => v.optional(v.string(msg), '');

/** The longest address RFC 5321 lets through: every email field stops here. */
export const EMAIL_MAX = 254;
/** Names, streets, cities and other one-line text. */
export const LINE_MAX = 200;

/** Required free text: trimmed, `msg` when missing or blank, `tooLong` past `max` characters. */
export const requiredText = (msg: string, max: number, tooLong = msg) =>
  v.pipe(requiredString(msg), v.trim(), v.nonEmpty(msg), v.maxLength(max, tooLong));

/** A paging count in a query string (`limit`, `offset`): digits up to `max`, `fallback` when absent. */
export const listCount = (max: number, fallback: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(max)),
    String(fallback),
  );
