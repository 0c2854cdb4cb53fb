import * as v from 'valibot';
import type { FieldErrors } from './errors';
import { MSG } from './messages';

/** Valibot's own messages ('Invalid type: Expected "a" | "b" but received undefined'): never shown as they are. */
const VALIBOT_DEFAULT = /^Invalid (type|key|value|format|length|entry|input|option|size|count|\w+):/;

/**
 * An issue's message for people: the schema's own, or, where the schema left valibot's default,
 * words that say what is wanted ('Field is required' for a missing one, the bound for a number).
 */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  if (!VALIBOT_DEFAULT.test(issue.message)) return issue.message;
  // The body itself (no path): not a JSON object.
  if (!issue.path?.length && /object/.test(issue.type)) return 'Send a JSON object.';
  if (issue.received === 'undefined' || issue.received === 'null') return MSG.fieldRequired;
  const bound = issue.requirement;
  switch (issue.type) {
    case 'max_value':
      return `Use a number up to ${String(bound)}.`;
    case 'min_value':
      return `Use a number from ${String(bound)} on.`;
    case 'max_length':
      return MSG.tooLong;
    case 'integer':
    case 'digits':
      return 'Use a whole number.';
    case 'regex':
      return String(issue.expected).includes('\\d') ? 'Use a whole number.' : MSG.notValid;
    case 'picklist':
    case 'union':
    case 'variant':
      return issue.expected
        ? `Use one of: ${issue.expected
            .replace(/^\(|\)$/g, '')
            .split(' | ')
            .join(', ')}.`
        : MSG.notValid;
    default:
      return MSG.notValid;
  }
}

/** Flattens valibot issues into the API's field error map; the first message per field wins. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    if (!out[key]) out[key] = { msg: issueMessage(issue) };
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

/** A list answers `PAGE_DEFAULT` rows unless asked, and never more than `PAGE_MAX`. */
const PAGE_DEFAULT = 50;
const PAGE_MAX = 200;
/** The furthest a list can be paged: past it the query is refused rather than scanned. */
const OFFSET_MAX = 1_000_000;

/** A count in a query string: digits from `min` to `max`, `fallback` when absent. */
const queryCount = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max)),
    String(fallback),
  );

/** `limit` and `offset` of every list (spread its `entries` into the list's query schema). */
export const PageQuerySchema = v.object({
  limit: queryCount(1, PAGE_MAX, PAGE_DEFAULT),
  offset: queryCount(0, OFFSET_MAX, 0),
});

/** `:id` of a path: a positive integer (anything else answers 404 like a missing record). */
export const IdParamSchema = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

/**
 * A list's count. `X-Total-Count` is the full count, except for a search with many matches: it
 * counts at most `COUNT_AHEAD` past its page and then adds `X-Total-Count-Exact: false`, meaning
 * "at least this many" (counting every match of a common name would read every one of them).
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const TOTAL_EXACT_HEADER = 'X-Total-Count-Exact';
export const COUNT_AHEAD = 60;

/** A list's count as the server found it: exact, or a lower bound when counting stopped early. */
export interface Total {
  total: number;
  exact: boolean;
}
