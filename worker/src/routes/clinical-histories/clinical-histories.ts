import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import {
  ClinicalHistoryCreatedSchema,
  ClinicalHistorySchema,
  ClinicalHistoryUpdatedSchema,
  ClinicalHistoryVersionSchema,
} from '../../contract/answers';
import { ClinicalHistoryInputSchema, ClinicalHistoryUpdateSchema } from '../../contract/clinical-history';
import { MSG } from '../../contract/messages';
import { PatientIdQuery } from '../../contract/patients';
import { IdParamSchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { assertFresh, etagOf, versioned } from '../../lib/etag';
import { json, route, STALE } from '../../lib/route';
import { dryRun, dryRunPassed, jsonBody, paramsOf, queryOf } from '../../lib/validate';
import { assertPatientExists } from '../patients/patients.repo';
import {
  createClinicalHistory,
  findClinicalHistory,
  hasClinicalHistory,
  listClinicalHistoryVersions,
  updateClinicalHistory,
} from './clinical-histories.repo';

const SearchQuery = v.object({ id: PatientIdQuery });

/** Whose history `:id` is decides before its body is read: anyone else gets 404, never a 422. */
const ownerOfIdParam = createMiddleware<Env>(async (c, next) => {
  assertPatientAccess(c, Number(c.req.param('id')));
  await next();
});

/** /clinicalhistories: one health questionnaire per patient, created once. */
export const clinicalHistoriesRoutes = new Hono<Env>()
  .get(
    '/search',
    route({
      who: 'owner',
      audit: 'read clinical history',
      summary: "A patient's clinical history",
      description: "No history answers 404 with `msg` 'No hay Hc' (SPEC's words).",
      success: [json(200, ClinicalHistorySchema, 'The clinical history.')],
    }),
    queryOf(SearchQuery),
    async (c) => {
      const { id } = c.req.valid('query');
      assertPatientAccess(c, id);
      const history = await findClinicalHistory(c.get('db'), id, readerOf(c));
      // 'No hay Hc' says none exists; here it is the msg of a 404.
      if (!history) throw new AppError('not_found', MSG.noClinicalHistory);
      return c.json(versioned(c, history), 200);
    },
  )
  .post(
    '/',
    route({
      who: 'owner',
      audit: 'create clinical history',
      summary: 'Create a clinical history',
      success: [json(201, ClinicalHistoryCreatedSchema, 'Created.')],
      errors: { 409: 'The patient already has one.' },
    }),
    jsonBody(ClinicalHistoryInputSchema, { handlerChecks: true }),
    async (c) => {
      const input = c.req.valid('json');
      assertPatientAccess(c, input.patient);
      const db = c.get('db');
      await assertPatientExists(db, input.patient);
      if (dryRun(c)) {
        // `?validate=true` answers as the write would (409 when one exists), writes nothing, and
        // leaves nothing in the patient's access log that reads as the history filled in.
        c.set('auditPatientId', null);
        if (await hasClinicalHistory(db, input.patient)) {
          throw new AppError('conflict', MSG.clinicalHistoryExists);
        }
        throw dryRunPassed();
      }
      const ID = await createClinicalHistory(db, input, c.get('user')?.id ?? null);
      if (ID === null) throw new AppError('conflict', MSG.clinicalHistoryExists);
      return c.json({ ID, patient: input.patient, msg: MSG.sentCorrectly }, 201);
    },
  )
  // Kept current: the medic or the patient answers again; every earlier version stays readable.
  .put(
    '/:id',
    route({
      who: 'owner',
      audit: 'update clinical history',
      summary: 'Update a clinical history',
      description:
        "Every condition answered again, and the 'other' texts. Writes a new version by the signed-in user (medic or the patient); every earlier version is kept. Answers that change nothing write nothing (`changed: false`). No history yet answers 404 'No hay Hc'.",
      success: [
        json(
          200,
          ClinicalHistoryUpdatedSchema,
          "The current version; its `ETag` is the history's as it now is.",
        ),
      ],
      errors: { 412: STALE },
    }),
    paramsOf(IdParamSchema),
    ownerOfIdParam,
    jsonBody(ClinicalHistoryUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      if (!user) throw new AppError('forbidden', MSG.forbidden);
      await assertFresh(c, () => findClinicalHistory(c.get('db'), id));
      const db = c.get('db');
      const result = await updateClinicalHistory(db, id, c.req.valid('json'), user.id);
      if (!result) throw new AppError('not_found', MSG.noClinicalHistory);
      // The tag of the history as it now is (what GET …/search answers), for the form's next save.
      const current = await findClinicalHistory(db, id);
      if (current) c.header('ETag', etagOf(current));
      const msg = result.changed ? MSG.clinicalHistoryUpdated : MSG.clinicalHistoryUnchanged;
      return c.json({ ...result, patient: id, msg }, 200);
    },
  )
  .get(
    '/:id/versions',
    route({
      who: 'owner',
      audit: 'read clinical history versions',
      summary: "A clinical history's versions",
      description:
        "Every version, newest first, with who wrote it and when. No history answers 404 'No hay Hc'.",
      success: [json(200, v.array(ClinicalHistoryVersionSchema), 'Newest first.')],
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      assertPatientAccess(c, id);
      const versions = await listClinicalHistoryVersions(c.get('db'), id, readerOf(c));
      if (versions.length === 0) throw new AppError('not_found', MSG.noClinicalHistory);
      return c.json(versions, 200);
    },
  );
