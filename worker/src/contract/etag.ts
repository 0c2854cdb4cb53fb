/**
 * The version tag (ETag) of a record as the API answers it: a hash of its JSON with the keys in
 * order, so any change to any field gives another tag. The worker answers it (lib/etag.ts) and a
 * screen can work it out for a record it got in a list, to send it back as `If-Match`.
 */

/** FNV-1a, 32 bits, over the UTF-16 code units: small, fast and plenty to tell versions apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The record's JSON with its keys in order, so the tag does not depend on how it was built. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** The version tag of a record as the API answers it (a weak ETag: the same JSON, not the same bytes). */
export function etagOf(record: unknown): string {
  const text = canonical(record);
  return `W/"${fnv1a(text)}-${text.length.toString(36)}"`;
}
