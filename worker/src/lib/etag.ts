import type { Context } from 'hono';
import { etagOf } from '../contract/etag';
import { MSG } from '../contract/messages';
import { AppError } from './errors';

export { etagOf };

/**
 * No lost update. Every record a form edits is answered with an `ETag`, its version: a hash of the
 * record as the API answers it, so any change to any of its fields gives another tag. A save sends
 * the tag it was given as `If-Match`; when the record has changed since, the save writes nothing
 * and answers 412 with the record as it now is (`current`, and its tag), so the form can show which
 * fields someone else changed and keep what was typed. A save without `If-Match` is not checked
 * (API clients that do not send it keep working), nor is a dry run (`?validate=true`), which writes
 * nothing.
 */

/** Sets the answer's `ETag` to `record`'s tag and gives the record back: `c.json(versioned(c, record), 200)`. */
export function versioned<T>(c: Context, record: T): T {
  c.header('ETag', etagOf(record));
  return record;
}

/** A save that came too late: 412 with the record as it is now. */
export class StaleRecordError extends AppError {
  constructor(readonly current: unknown) {
    super('precondition_failed', MSG.staleRecord);
  }
}

/** The tags an `If-Match` header lists (`*` matches any record). */
function tagsIn(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * Before a save: when the request sends `If-Match` and the record (`current()`, read only then)
 * no longer has that tag, throws StaleRecordError, which answers 412 with the current record and
 * its `ETag`; the route goes on to write only when the record is the one the form was given.
 */
export async function assertFresh(c: Context, current: () => Promise<unknown>): Promise<void> {
  const header = c.req.header('If-Match');
  if (!header || c.get('validateOnly') === true) return;
  const tags = tagsIn(header);
  if (tags.includes('*')) return;
  const record = await current();
  const tag = etagOf(record);
  // A strong tag from a proxy or a client compares on its value alone.
  const weakless = (t: string) => t.replace(/^W\//, '');
  if (tags.some((t) => weakless(t) === weakless(tag))) return;
  c.header('ETag', tag);
  throw new StaleRecordError(record);
}
