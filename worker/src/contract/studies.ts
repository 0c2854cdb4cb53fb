import * as v from 'valibot';
import { MSG } from './messages';
import { requiredString, requiredText } from './validation';

export const STUDY_TYPES = ['laboratory', 'complementary'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

/** A study PDF may be 20 MB at most. */
export const STUDY_MAX_BYTES = 20 * 1024 * 1024;

/** '%PDF-': a file is a PDF by its content, not its name. */
export const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;

export function isPdf(head: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, i) => head[i] === byte);
}

/**
 * The text fields of POST /api/studies (multipart): the form may carry several study types;
 * allows ONE only.
 */
export const StudyFieldsSchema = v.object({
  patient: v.pipe(
    requiredString(MSG.completeAllFields),
    v.maxLength(12, MSG.completeAllFields),
    v.regex(/^\d+$/, MSG.completeAllFields),
    v.transform(Number),
    v.minValue(1, MSG.completeAllFields),
  ),
  studyType: v.pipe(
    v.optional(v.array(v.string()), []),
    v.check((types) => types.length <= 1, MSG.onlyOneStudy),
    v.check((types) => types.length === 1, MSG.completeAllFields),
    v.transform((types) => types[0] ?? ''),
    v.picklist(STUDY_TYPES, MSG.completeAllFields),
  ),
  description: requiredText(MSG.completeAllFields, 1000),
});

/** An https address with a host: a study kept elsewhere is linked, never fetched. */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * POST /api/studies as JSON, SPEC's `{description, studyType, patient, attach}`: `attach` is an
 * https link to a study kept elsewhere (a lab's portal), stored as given and shown as a link.
 */
export const StudyLinkSchema = v.object({
  patient: v.pipe(
    v.union([v.number(), v.string()], MSG.completeAllFields),
    v.transform(Number),
    v.integer(MSG.completeAllFields),
    v.minValue(1, MSG.completeAllFields),
  ),
  studyType: v.picklist(STUDY_TYPES, MSG.completeAllFields),
  description: requiredText(MSG.completeAllFields, 1000),
  attach: v.pipe(
    requiredString(MSG.completeAllFields),
    v.trim(),
    v.nonEmpty(MSG.completeAllFields),
    v.maxLength(2000, MSG.studyLinkHttps),
    v.check(isHttpsLink, MSG.studyLinkHttps),
  ),
});

/** POST /api/studies as multipart/form-data, for the description (the route reads it with StudyFieldsSchema). */
export const StudyUploadFormSchema = v.object({
  patient: v.pipe(v.string(), v.regex(/^\d+$/), v.description("The patient's ID.")),
  studyType: v.picklist(STUDY_TYPES),
  description: v.pipe(v.string(), v.minLength(1), v.maxLength(1000)),
  file: v.optional(
    v.pipe(
      v.string(),
      v.metadata({ contentMediaType: 'application/pdf', description: 'The PDF, 20 MB at most.' }),
    ),
  ),
});

/** The host a study link points at, as the studies lists show it beside the link. */
export function linkHost(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}
