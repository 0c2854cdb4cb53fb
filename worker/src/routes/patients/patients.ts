import { Hono } from 'hono';
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
import { whenSignedIn } from '../../lib/signed-in';
import { jsonBody, paramsOf, queryOf } from '../../lib/validate';
import { createPatient, findPatient, getPatient, listPatients, updatePatient } from './patients.repo';

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
  .post('/', whenSignedIn(jsonBody(PatientInputSchema)), async (c, next) => {
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
