import { Hono, type Input, type MiddlewareHandler } from 'hono';
import type { HandlerResponse } from 'hono/types';
import { assertPatientAccess } from '../../auth/access';
import { MSG } from '../../contract/messages';
import {
  IdParamSchema,
  PatientInputSchema,
  PatientQuerySchema,
  PatientUpdateSchema,
} from '../../contract/patients';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody, paramsOf, queryOf } from '../../lib/validate';
import { createPatient, findPatient, getPatient, listPatients, updatePatient } from './patients.repo';

/**
 * `POST /api/patients` without a session is sign-up (routes/accounts): this handler registers a
 * patient for a signed-in medic and passes anyone else on, whichever order the two are mounted in.
 */
function forSignedIn<P extends string, I extends Input, R extends HandlerResponse<unknown>>(
  mw: MiddlewareHandler<Env, P, I, R>,
): MiddlewareHandler<Env, P, I, R> {
  return async (c, next) => (c.get('user') ? mw(c, next) : next());
}

/** SPEC §7 /patients: medics register, search and update patients; a patient reaches only their own record. */
export const patients = new Hono<Env>()
  .get('/', queryOf(PatientQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const db = c.get('db');
    const user = c.get('user');
    const lookup =
      query.document !== undefined
        ? { document: query.document.trim() }
        : query.email !== undefined
          ? { email: query.email.trim() }
          : null;
    if (lookup) {
      const patient = await findPatient(db, lookup);
      // A patient asking about anyone but themselves learns nothing: the same 404 as a miss.
      if (!patient || (user?.userType === 'Patient' && user.patientId !== patient.ID)) {
        throw new AppError('not_found', MSG.patientNotFoundApi);
      }
      assertPatientAccess(c, patient.ID);
      return c.json(patient, 200);
    }
    if (user?.userType === 'Patient') throw new AppError('forbidden', MSG.forbidden);
    const { rows, total } = await listPatients(db, query.q, query.limit, query.offset);
    c.header('X-Total-Count', String(total));
    return c.json(rows, 200);
  })
  .post('/', forSignedIn(jsonBody(PatientInputSchema)), async (c, next) => {
    if (!c.get('user')) return next();
    const patient = await createPatient(c.get('db'), c.req.valid('json'));
    c.set('auditPatientId', patient.ID);
    return c.json(patient, 201);
  })
  .get('/:id', paramsOf(IdParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    assertPatientAccess(c, id);
    return c.json(await getPatient(c.get('db'), id), 200);
  })
  .put('/:id', paramsOf(IdParamSchema), jsonBody(PatientUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    assertPatientAccess(c, id);
    return c.json(await updatePatient(c.get('db'), id, c.req.valid('json')), 200);
  });
