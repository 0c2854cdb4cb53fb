import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { StudySchema } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { PatientIdQuery } from '../../contract/patients';
import {
  isPdf,
  STUDY_MAX_BYTES,
  StudyFieldsSchema,
  StudyLinkSchema,
  StudyUploadFormSchema,
} from '../../contract/studies';
import { check, IdParamSchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError, invalid } from '../../lib/errors';
import { bodyOf, readJson, UPLOAD_LIMIT } from '../../lib/http';
import { boundedFormData } from '../../lib/multipart';
import { json, route } from '../../lib/route';
import { checkBody, dryRun, paramsOf, queryOf } from '../../lib/validate';
import { assertPatientExists } from '../patients/patients.repo';
import { insertStudy, listStudies, studyFile } from './studies.repo';

const SearchQuery = v.object({ id: PatientIdQuery });

/**
 * An upload has four fields (patient, studyType, description, file); SPEC's 'only ONE study' needs a
 * second studyType to be seen. More parts than that are refused while the body streams in.
 */
export const MAX_UPLOAD_PARTS = 6;

/**
 * A multipart form as plain fields, in constant time per part: studyType is a list (so two of them
 * get SPEC's 'only ONE' message), any other repeated field or a form past `MAX_UPLOAD_PARTS` is a 400.
 */
function formFields(form: FormData): { fields: Record<string, string | string[]>; file: File | null } {
  const fields: Record<string, string | string[]> = {};
  const studyTypes: string[] = [];
  let file: File | null = null;
  let parts = 0;
  for (const [key, value] of form.entries()) {
    parts += 1;
    if (parts > MAX_UPLOAD_PARTS) throw new AppError('bad_request', MSG.tooManyParts);
    if (key === 'studyType' && typeof value === 'string') {
      studyTypes.push(value);
      continue;
    }
    if ((key === 'file' && file) || (key !== 'file' && key in fields)) {
      throw new AppError('bad_request', MSG.repeatedField);
    }
    if (typeof value !== 'string') {
      if (key === 'file') file = value;
      continue;
    }
    fields[key] = value;
  }
  if (studyTypes.length > 0) fields.studyType = studyTypes;
  return { fields, file };
}

/** A name safe to put in a header and to show: no path, no control characters, ends in .pdf. */
function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  if (!base) return 'study.pdf';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** A dry run that passed: nothing stored, and nothing in the patient's access log that reads as a study added. */
function passedDryRun(c: Context<Env>): Response {
  c.set('auditPatientId', null);
  return c.json({ errors: {} }, 200) as Response;
}

/**
 * SPEC's JSON body: a study kept elsewhere, by its https link. The link is stored as given and
 * shown as a link; the server never fetches it. `?validate=true` checks and writes nothing.
 */
async function addStudyLink(c: Context<Env>) {
  const body = checkBody(c, StudyLinkSchema, await readJson(c), { handlerChecks: true });
  if (body instanceof Response) return body;
  const { patient, studyType, description, attach } = body;
  assertPatientAccess(c, patient);
  const db = c.get('db');
  await assertPatientExists(db, patient);
  if (dryRun(c)) return passedDryRun(c);
  return c.json(
    await insertStudy(db, { patientId: patient, studyType, description, link: attach }, null),
    201,
  );
}

/** /studies: attached exams; the PDF lives privately in R2 and is served only through the API. */
export const studiesRoutes = new Hono<Env>()
  .get(
    '/search',
    route({
      who: 'owner',
      audit: 'read studies',
      summary: "A patient's studies",
      success: [json(200, v.array(StudySchema), 'The studies.')],
    }),
    queryOf(SearchQuery),
    async (c) => {
      const { id } = c.req.valid('query');
      assertPatientAccess(c, id);
      const studies = await listStudies(c.get('db'), id, readerOf(c));
      if (!studies) throw new AppError('not_found', MSG.patientNotFoundApi);
      return c.json(studies, 200);
    },
  )
  .post(
    '/',
    route({
      who: 'medic',
      audit: 'create study',
      summary: 'Add a study',
      description:
        "`multipart/form-data`: `patient`, `studyType`, `description` and the PDF in `file` (20 MB at most, PDF by content). Or JSON, SPEC's `{description, studyType, patient, attach}`, where `attach` is an https link to a study kept elsewhere (a lab's portal): stored as a link, shown as one, never fetched by the server.",
      success: [json(201, StudySchema, 'Added.')],
      bodies: { 'multipart/form-data': StudyUploadFormSchema, 'application/json': StudyLinkSchema },
      errors: {
        404: 'No such patient.',
        400: 'A field is repeated, or the form has too many parts.',
        413: 'The file is larger than 20 MB.',
        415: 'The file is not a PDF, or the body is neither multipart nor JSON.',
        422: 'Invalid input (a missing field, two study types, a link that is not https): `errors` says which.',
      },
    }),
    async (c) => {
      // Not an upload: JSON (lib/http jsonBodies has checked and parsed it), SPEC's link body.
      if (bodyOf(c) !== 'upload') return addStudyLink(c);
      // Refused on its length and its number of parts while it streams in, before any parsing.
      const form = await boundedFormData(c.req.raw, { maxParts: MAX_UPLOAD_PARTS, maxBytes: UPLOAD_LIMIT });
      const { fields, file } = formFields(form);
      const result = check(StudyFieldsSchema, fields);
      // `?validate=true` checks an upload like a link: the error map, nothing stored.
      const dryRun = c.req.query('validate') === 'true';
      if (dryRun && !result.ok) return c.json({ errors: result.errors }, 200) as Response;
      if (!result.ok) throw invalid(result.errors);
      const { patient, studyType, description } = result.value;
      assertPatientAccess(c, patient);
      const db = c.get('db');
      await assertPatientExists(db, patient);

      let stored: { key: string; name: string; size: number } | null = null;
      if (file && file.size > 0) {
        if (file.size > STUDY_MAX_BYTES) throw new AppError('too_large', MSG.fileTooLarge);
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!isPdf(bytes.subarray(0, 5))) throw new AppError('unsupported_media_type', MSG.pdfOnly);
        if (dryRun) return passedDryRun(c);
        const key = `studies/${patient}/${crypto.randomUUID()}.pdf`;
        const name = cleanFileName(file.name);
        await c.env.STUDIES.put(key, bytes, {
          httpMetadata: { contentType: 'application/pdf' },
          customMetadata: { patient: String(patient), name },
        });
        stored = { key, name, size: file.size };
      }
      if (dryRun) return passedDryRun(c);
      try {
        return c.json(await insertStudy(db, { patientId: patient, studyType, description }, stored), 201);
      } catch (err) {
        // No orphan files: the object goes if its record could not be written.
        if (stored) await c.env.STUDIES.delete(stored.key);
        throw err;
      }
    },
  )
  .get(
    '/:id/file',
    route({
      who: 'owner',
      audit: 'read study file',
      summary: "A study's PDF",
      success: [{ status: 200, media: 'application/pdf', description: 'The PDF.' }],
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await studyFile(c.get('db'), id);
      if (!row) throw new AppError('not_found', MSG.notFound);
      assertPatientAccess(c, row.patientId);
      const object = row.fileKey ? await c.env.STUDIES.get(row.fileKey) : null;
      if (!object) throw new AppError('not_found', MSG.notFound);
      const name = row.fileName ?? 'study.pdf';
      return new Response(object.body, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(object.size),
          'Content-Disposition': `inline; filename="study-${row.id}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          // Served from the app's origin: whatever the PDF holds runs in a sandbox, never as the app.
          'Content-Security-Policy': 'sandbox',
        },
      });
    },
  );
