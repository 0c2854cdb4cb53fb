import * as v from 'valibot';
import { requiredString } from './validation';
/**
 * What every person and clinic record shares: their address and contact fields, the checks those
 * fields go through, and the name the patient search reads.
 */

/** An email address as every form checks it: something@domain.tld, no spaces. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters no one can see or type on purpose in an address: controls, format characters (zero-width space, joiners, bidi marks), separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u3164\uFFA0]/u;

/** A part of an address mixing Latin letters with another script's lookalikes ('pаtient' with a Cyrillic а). */
const mixedScripts = (part: string): boolean =>
  /\p{Script=Latin}/u.test(part) && /(?!\p{Script=Latin})\p{L}/u.test(part);

/**
 * An email as every schema takes it: NFKC-normalised (fullwidth and compatibility forms become their
 * plain letters), then refused (`invalid`) when it is not an address, holds an invisible character,
 * or mixes Latin with another script in one part, so lookalikes cannot make a second account.
 */
export const emailShape = (invalid: string) =>
  v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
    const email = dataset.value.normalize('NFKC');
    const parts = email.split('@');
    if (!EMAIL.test(email) || INVISIBLE.test(email) || parts.some(mixedScripts)) {
      addIssue({ message: invalid });
      return NEVER;
    }
    return email;
  });

/** Letters of any alphabet, with the single spaces, apostrophes and hyphens between them that real names carry. */
export const PERSON_NAME = /^\p{L}+(?:[ '-]\p{L}+)*$/u;

/**
 * A name or last name as sign-up takes it (letters only), and so every form that writes
 * one: registrations, the medic's Update patient, the patient's own profile, Update my info.
 * `required` is the form's own word for a blank field; `invalid` is sign-up's ('Name is invalid').
 * Runs of spaces become one ('Van  Houten' is 'Van Houten'); tabs and line breaks are refused.
 */
export const personName = (required: string, invalid: string) =>
  v.pipe(
    requiredString(required),
    v.trim(),
    v.nonEmpty(required),
    // A doubled space is a slip of the keyboard, not another character: kept as one.
    v.transform((name: string) => name.replace(/ {2,}/g, ' ')),
    v.regex(PERSON_NAME, invalid),
    v.maxLength(60, invalid),
  );

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An absolute http(s) URL with a host, such as a clinic's logo. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Text as every person search compares it: lower-cased and without accents, so "pena" finds
 * "Peña" and "garcia" finds "García". The SQL side folds the same letters (db/fold.ts).
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The folded (lower-cased, accent-free) "name lastname", with runs of spaces collapsed, kept in
 * users.search_name for the indexed name search. Every writer of that column uses it, so
 * "Van  Houten" is found as "van houten" and "José Peña" as "jose pena".
 */
export function searchNameOf(name: string, lastName: string): string {
  return foldText(`${name} ${lastName}`.trim().replace(/\s+/g, ' '));
}

/** The person's fields every account (medic, patient) answers with. */
export interface Person {
  name: string;
  lastName: string;
  document: string;
  email: string;
  street: string;
  number: string;
  city: string;
  postalCode: string;
  birth: string;
  cellphone: string;
  telephone: string;
  imageProfile: string | null;
}
