/**
 * The header a write carries to be done once however often it is sent: a form saving again what it
 * sent when the answer was lost sends the same key, and the worker answers the first save
 * (worker/src/services/idempotency/idempotent.ts; the kit's forms set it).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** What a key may be: 8 to 100 letters, digits, hyphens or underscores. */
export const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;
