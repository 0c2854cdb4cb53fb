import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { assertPatientAccess } from '../../auth/access';
import { afterOwnEmailChange, checkOwnIdentityChange } from '../../auth/identity';
import { MSG } from '../../contract/messages';
import {
  IdParamSchema,
  PatientInputSchema,
  type PatientListEntry,
  type PatientListItem,
  type PatientProfile,
  PatientProfileSchema,
  PatientQuerySchema,
  PatientUpdateSchema,
} from '../../contract/patients';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { whenSignedIn } from '../../lib/signed-in';
import { jsonBody, paramsOf, queryOf } from '../../lib/validate';
import {
  createPatient,
  findPatient,
  findPatientsContaining,
  getPatient,
  listPatients,
  updateOwnProfile,
  updatePatient,
} from './patients.repo';

/** Whose record `:id` is decides before its body is read: anyone else gets 404, never a 422. */
const ownerOfIdParam = createMiddleware<Env>(async (c, next) => {
  assertPatientAccess(c, Number(c.req.param('id')));
  await next();
});

/** A patient writing their own record uses the profile schema (Spanish); a medic, Update patient. */
const isOwnProfile = (c: Context<Env>): boolean => c.get('user')?.userType === 'Patient';
const patientWriteSchema = (c: Context<Env>) =>
  isOwnProfile(c) ? PatientProfileSchema : PatientUpdateSchema;

/** /patients: medics register, search and update patients; a patient reaches only their own record. */
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
    // The picker's substring search answers its first matches and counts none (no X-Total-Count).
    let rows: PatientListItem[];
    if (query.contains) rows = await findPatientsContaining(db, query.contains, query.limit);
    else {
      const page = await listPatients(db, query.q, query.limit, query.offset);
      rows = page.rows;
      c.header('X-Total-Count', String(page.total));
    }
    // Each item names its patient both flat (`ID`) and as `Patient.ID`, the way the calls were first written.
    return c.json(
      rows.map((row): PatientListEntry => ({ ...row, Patient: { ID: row.ID } })),
      200,
    );
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
  .put('/:id', paramsOf(IdParamSchema), ownerOfIdParam, jsonBody(patientWriteSchema), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const input = c.req.valid('json');
    // The same caller test chose the schema, so a patient's input is a PatientProfile.
    if (!isOwnProfile(c)) return c.json(await updatePatient(db, id, input), 200);
    const profile = input as PatientProfile;
    const change = await checkOwnIdentityChange(c, {
      email: profile.infoUser.email,
      document: profile.infoUser.document,
      currentPassword: profile.currentPassword,
    });
    const updated = await updateOwnProfile(db, id, profile);
    if (change.emailChanged) await afterOwnEmailChange(c, change.oldEmail, updated.email);
    return c.json(updated, 200);
  });
