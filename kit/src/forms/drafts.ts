/**
 * A form's unsent input, kept in the tab's session storage so that a reload of the same screen
 * (the server restarted, the network blinked, a mistaken F5) gives it back. One entry per screen
 * address and form (its field names); only text fields, never a password, a code or a secret.
 * Cleared when the form is sent successfully, when the user leaves the screen, and on sign-out.
 */
const PREFIX = 'clinic.draft:';

/** Fields never written to storage: passwords, one-time codes, secrets, tokens. */
const SECRET_FIELD = /password|secret|token|otp|^code$|^recoveryCode$/i;

type Flat = Record<string, string>;

/** The text fields of a form's values: 'field' or 'group.field' → value. */
export function textFields(values: object): Flat {
  const out: Flat = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      if (!SECRET_FIELD.test(key)) out[key] = value;
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === 'string' && !SECRET_FIELD.test(inner)) out[`${key}.${inner}`] = v;
      }
    }
  }
  return out;
}

/** The storage key of a form: the screen's address and the form's field names. */
export function draftKey(initial: object): string {
  const where = globalThis.location ? `${globalThis.location.pathname}${globalThis.location.search}` : '';
  return `${PREFIX}${where}#${Object.keys(textFields(initial)).sort().join(',')}`;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The kept draft laid over `initial` (only fields `initial` has), or null when there is none. */
export function readDraft<V extends object>(key: string, initial: V): V | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let kept: unknown;
  try {
    kept = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!kept || typeof kept !== 'object') return null;
  const known = textFields(initial);
  let values: V = initial;
  let changed = false;
  for (const [path, value] of Object.entries(kept as Record<string, unknown>)) {
    if (typeof value !== 'string' || !(path in known) || known[path] === value) continue;
    values = withText(values, path, value);
    changed = true;
  }
  return changed ? values : null;
}

function withText<V>(values: V, path: string, value: string): V {
  const dot = path.indexOf('.');
  if (dot < 0) return { ...values, [path]: value };
  const group = path.slice(0, dot);
  const inner = (values as Record<string, unknown>)[group] as Record<string, unknown>;
  return { ...values, [group]: { ...inner, [path.slice(dot + 1)]: value } };
}

/** Keeps the form's text fields (the ones that differ from `initial`). */
export function writeDraft(key: string, initial: object, values: object): void {
  const before = textFields(initial);
  const now = textFields(values);
  const changed = Object.fromEntries(Object.entries(now).filter(([path, value]) => before[path] !== value));
  try {
    if (Object.keys(changed).length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(changed));
  } catch {
    // Storage full or disabled: the form works without its draft.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing kept
  }
}

/** Forgets every form's draft (sign-out). */
export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // nothing kept
  }
}

/**
 * A form whose draft belongs to a person and a record (a visit note for one patient, a turn, a
 * clinical history): its key names the signed-in user and that record instead of the address, and it
 * keeps every field (the chosen teeth, the picked patient, a YES or NO), not only the text ones —
 * still never a secret-named field nor a file. It is kept when the screen is left or the page
 * crashes, and goes when the form is saved, when the draft is discarded, and on sign-out (its key
 * starts like every draft's). `base` is kept beside it: the version of the record it was typed on.
 */
export interface ScopedDraft {
  /** What the draft is for, besides who typed it: 'evolution:12'. */
  scope: string;
  /** Kept with the draft and given back with it (the record's version an edit started from). */
  base?: unknown;
}

/** The storage key of a scoped draft: the user, the scope and the form's field names. */
export function scopedDraftKey(user: string, scope: string, initial: object): string {
  return `${PREFIX}@${user}:${scope}#${Object.keys(initial).sort().join(',')}`;
}

interface KeptWhole {
  set: Record<string, unknown>;
  unset: string[];
  base?: unknown;
}

const keepable = (key: string, value: unknown): boolean =>
  !SECRET_FIELD.test(key) && !(typeof Blob !== 'undefined' && value instanceof Blob);

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** What a scoped draft keeps: every field that differs from `initial` (one cleared is listed as unset). */
export function wholeDraft(initial: object, values: object, base?: unknown): KeptWhole | null {
  const before = initial as Record<string, unknown>;
  const set: Record<string, unknown> = {};
  const unset: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (!keepable(key, value) || same(before[key], value)) continue;
    if (value === undefined) unset.push(key);
    else set[key] = value;
  }
  if (Object.keys(set).length === 0 && unset.length === 0) return null;
  return base === undefined ? { set, unset } : { set, unset, base };
}

/** Keeps a scoped draft (or drops it when nothing differs from `initial`). */
export function writeWholeDraft(key: string, initial: object, values: object, base?: unknown): void {
  const kept = wholeDraft(initial, values, base);
  try {
    if (kept) storage()?.setItem(key, JSON.stringify(kept));
    else storage()?.removeItem(key);
  } catch {
    // Storage full or disabled: the form works without its draft.
  }
}

/** A kept scoped draft laid over `initial` (only fields `initial` has) with its base, or null. */
export function readWholeDraft<V extends object>(
  key: string,
  initial: V,
): { values: V; base?: unknown } | null {
  let kept: Partial<KeptWhole> | null = null;
  try {
    kept = JSON.parse(storage()?.getItem(key) ?? 'null') as Partial<KeptWhole> | null;
  } catch {
    return null;
  }
  if (!kept || typeof kept !== 'object') return null;
  const values = { ...initial } as Record<string, unknown>;
  let changed = false;
  for (const [field, value] of Object.entries(kept.set ?? {})) {
    if (!(field in values) || !keepable(field, value) || same(values[field], value)) continue;
    values[field] = value;
    changed = true;
  }
  for (const field of Array.isArray(kept.unset) ? kept.unset : []) {
    if (typeof field !== 'string' || !(field in values) || values[field] === undefined) continue;
    values[field] = undefined;
    changed = true;
  }
  if (!changed) return null;
  return kept.base === undefined ? { values: values as V } : { values: values as V, base: kept.base };
}
