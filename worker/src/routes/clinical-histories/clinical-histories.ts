import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { ClinicalHistoryInputSchema } from '../../contract/clinical-history';
import { MSG } from '../../contract/messages';
import { PatientIdQuery } from '../../contract/patients';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { versioned } from '../../lib/etag';
import { jsonBody, queryOf } from '../../lib/validate';
import { assertPatientExists } from '../patients/patients.repo';
import { createClinicalHistory, findClinicalHistory } from './clinical-histories.repo';

const SearchQuery = v.object({ id: PatientIdQuery });

/** /clinicalhistories: one health questionnaire per patient, created once. */
export const clinicalHistoriesRoutes = new Hono<Env>()
  .get('/search', queryOf(SearchQuery), async (c) => {
    const { id } = c.req.valid('query');
    assertPatientAccess(c, id);
    const history = await findClinicalHistory(c.get('db'), id, readerOf(c));
    // 'No hay Hc' says none exists; here it is the msg of a 404.
    if (!history) throw new AppError('not_found', MSG.noClinicalHistory);
    return c.json(versioned(c, history), 200);
  })
  .post('/', jsonBody(ClinicalHistoryInputSchema), async (c) => {
    const input = c.req.valid('json');
    assertPatientAccess(c, input.patient);
    const db = c.get('db');
    await assertPatientExists(db, input.patient);
    const ID = await createClinicalHistory(db, input);
    if (ID === null) throw new AppError('conflict', MSG.clinicalHistoryExists);
    return c.json({ ID, patient: input.patient, msg: MSG.sentCorrectly }, 201);
  });
