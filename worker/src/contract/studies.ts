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

/** One row of GET /api/studies/search?id= (Study). */
export interface Study {
  ID: number;
  studyType: StudyType;
  description: string | null;
  patient: number;
  /** An API URL that checks access before streaming the PDF; null when no file was attached. */
  attach: string | null;
  fileName: string | null;
  createdAt: string;
}
