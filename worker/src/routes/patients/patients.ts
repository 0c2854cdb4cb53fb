import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { assertPatientAccess, readBatch, readerOf } from '../../auth/access';
import { isPatient, ownPatientId } from '../../auth/caller';
import { withEmailChange } from '../../auth/email-confirmation';
import { resetFactorOf } from '../../auth/factor-reset';
import { checkOwnIdentityChange, reauthenticate } from '../../auth/identity';
import { AccessLogQuerySchema, AuditRowSchema } from '../../contract/access-log';
import { PatientSignUpSchema } from '../../contract/accounts';
import type { PatientListEntry } from '../../contract/answers';
import {
  AccessLogRowSchema,
  PatientListEntrySchema,
  PatientSchema,
  SignUpResultSchema,
} from '../../contract/answers';
import { MSG } from '../../contract/messages';
import {
  DOCUMENT_MAX,
  PatientIdentitySchema,
  PatientInputSchema,
  type PatientListItem,
  PatientProfileSchema,
  PatientQuerySchema,
  PatientUpdateSchema,
} from '../../contract/patients';
import { MessageAnswerSchema, ReauthSchema } from '../../contract/second-factor';
import { IdParamSchema } from '../../contract/validation';
import { foundOr404 } from '../../db/client';
import type { Env } from '../../env';
import { CSV_MAX_ROWS, type CsvColumn, csvAnswer, toCsv } from '../../lib/csv';
import { AppError, invalid } from '../../lib/errors';
import { assertFresh, versioned } from '../../lib/etag';
import { csv, json, NO_MAIL, route, SLOWED, STALE } from '../../lib/route';
import { setTotal } from '../../lib/total';
import { dryRun, dryRunPassed, jsonBody, paramsOf, queryOf, tagged } from '../../lib/validate';
import { requireMail, sendMail } from '../../services/mail';
import { signUpPatientAnswer } from '../accounts/accounts';
import { accessLogOf, recentAudit } from '../audit/audit.repo';
import { exportFileName } from '../reports/export';
import { afterAnswer, invitePatient } from './invite';
import {
  checkNewPatient,
  correctIdentity,
  createPatient,
  dependantsOf,
  findPatient,
  findPatientsContaining,
  getPatient,
  listPatients,
  patientById,
  patientFrom,
  updateOwnProfile,
  updatePatient,
} from './patients.repo';

/** The patients list as a CSV file. */
const PATIENT_CSV: CsvColumn<PatientListItem>[] = [
  ['ID', (p) => p.ID],
  ['Name', (p) => p.name],
  ['Last name', (p) => p.lastName],
  ['Document', (p) => p.document],
  ['E-mail', (p) => p.email],
];

/** Whose record `:id` is decides before its body is read: anyone else gets 404, never a 422. */
const ownerOfIdParam = createMiddleware<Env>(async (c, next) => {
  assertPatientAccess(c, Number(c.req.param('id')));
  await next();
});

/** A patient writing their own record uses the profile schema (Spanish); a medic, Update patient. */
const ownProfile = tagged('own', PatientProfileSchema);
const medicUpdate = tagged('medic', PatientUpdateSchema);
const patientWriteSchema = (c: Context<Env>) => (isPatient(c.get('user')) ? ownProfile : medicUpdate);

/** Without a session POST /patients is sign-up; with one, a medic registers a patient. */
const signUp = tagged('signUp', PatientSignUpSchema);
const register = tagged('register', PatientInputSchema);

/** /patients: medics register, search and update patients; a patient reaches only their own record. */
export const patients = new Hono<Env>()
  .get(
    '/',
    route({
      // Patients and clinical records; 'POST /api/patients' is shared with sign-up above.
      who: 'owner',
      audit: 'read patients',
      summary: 'List, search or find patients',
      description:
        "`document` or `email`: that one patient (a patient may ask only about themselves). Otherwise a page of patients for medics: `q` searches names or documents, `contains` feeds the calendar's picker (first matches, not counted).",
      success: [
        json(
          200,
          v.union([v.array(PatientListEntrySchema), PatientSchema]),
          'A page of patients, or the one patient asked for.',
          true,
        ),
        csv('every patient the search `q` finds (medics only)'),
      ],
    }),
    queryOf(PatientQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const db = c.get('db');
      const own = ownPatientId(c.get('user'));
      const lookup =
        query.document !== undefined
          ? { document: query.document.trim() }
          : query.email !== undefined
            ? { email: query.email.trim() }
            : null;
      if (lookup) {
        const patient = await findPatient(db, lookup);
        // A patient asking about anyone but themselves learns nothing: the same 404 as a miss.
        if (!patient || (own !== null && own !== patient.ID)) {
          throw new AppError('not_found', MSG.patientNotFoundApi);
        }
        assertPatientAccess(c, patient.ID);
        return c.json(patient, 200);
      }
      if (own !== null) throw new AppError('forbidden', MSG.forbidden);
      if (query.format === 'csv') {
        // Every patient the search finds (up to the export's cap), logged like the page.
        const { rows } = await listPatients(db, query.q, CSV_MAX_ROWS, 0, readerOf(c));
        return csvAnswer(c, await exportFileName(c, 'patients'), toCsv(PATIENT_CSV, rows));
      }
      // The picker's substring search answers its first matches and counts none (no X-Total-Count).
      // The page, its count and its access-log row (the page's patients) go as one batch.
      let rows: PatientListItem[];
      if (query.contains) rows = await findPatientsContaining(db, query.contains, query.limit, readerOf(c));
      else {
        const page = await listPatients(db, query.q, query.limit, query.offset, readerOf(c));
        rows = page.rows;
        setTotal(c, page);
      }
      // Each item names its patient both flat (`ID`) and as `Patient.ID`, the way the calls were first written.
      return c.json(
        rows.map((row): PatientListEntry => ({ ...row, Patient: { ID: row.ID } })),
        200,
      );
    },
  )
  // Without a session this is sign-up; with one, a medic registers a patient (the access rule
  // 'signup' lets only those two callers through).
  .post(
    '/',
    route({
      who: 'signup',
      summary: 'Sign up, or register a patient',
      description:
        'Without a session: sign-up, with `infoUser.password`. An approved medic registers a patient with no password (they claim the account through password reset).',
      success: [
        json(
          201,
          v.union([SignUpResultSchema, PatientSchema]),
          'The new account (sign-up) or the new patient (a medic).',
        ),
      ],
      errors: { 409: 'This user already exists.', 429: 'Too many sign-ups from this address.' },
    }),
    jsonBody((c) => (c.get('user') ? register : signUp), { handlerChecks: true }),
    async (c) => {
      const body = c.req.valid('json');
      if (dryRun(c)) {
        // The desk's dry run answers as registering would (409 for a document or email in use).
        // Sign-up's does not: its 'already exists' is counted per address, a dry run would not be.
        if (body.as === 'register') await checkNewPatient(c.get('db'), body.input);
        throw dryRunPassed();
      }
      if (body.as === 'signUp') return signUpPatientAnswer(c, body.input);
      const patient = await createPatient(c.get('db'), body.input);
      c.set('auditPatientId', patient.ID);
      // The invitation goes out after the answer: registering stays as quick as it was. A dependant
      // never signs in (the guardian does), and a patient with no email has nowhere to be invited.
      if (patient.email !== '' && patient.guardianID === null)
        afterAnswer(c, invitePatient(c, patient.email));
      return c.json(patient, 201);
    },
  )
  .get(
    '/:id',
    route({
      who: 'owner',
      audit: 'read patient',
      summary: 'A patient',
      success: [json(200, PatientSchema, 'The patient.')],
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      assertPatientAccess(c, id);
      // The patient and the access-log row (404 when there is no such patient) in one batch.
      const read = patientById(c.get('db'), id);
      const [rows] = await readBatch(c, [read], { status: foundOr404(read) });
      return c.json(versioned(c, patientFrom(rows)), 200);
    },
  )
  .put(
    '/:id',
    route({
      who: 'owner',
      audit: 'update patient',
      summary: 'Update a patient',
      description:
        "A medic sends Update patient; a patient their own profile (Spanish messages), with the current password for email or document changes. A new email of one's own takes effect only when the link mailed to it is used: until then the answer keeps the old `email` and names the new one in `emailPending`.",
      success: [json(200, PatientSchema, 'The updated patient.')],
      errors: {
        412: STALE,
        403: 'The current password is wrong.',
        409: 'The document or email belongs to someone else.',
        429: 'Too many changes of document or email for this account or address: refused for an hour.',
        503: NO_MAIL,
      },
    }),
    paramsOf(IdParamSchema),
    ownerOfIdParam,
    jsonBody(patientWriteSchema, { handlerChecks: true }),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.get('db');
      const body = c.req.valid('json');
      await assertFresh(c, () => getPatient(db, id));
      if (body.as === 'medic') {
        if (dryRun(c)) throw dryRunPassed();
        return c.json(versioned(c, await updatePatient(db, id, body.input)), 200);
      }
      const profile = body.input;
      // SPEC's profile bound holds for a new document; the one sign-up took (up to 11 digits) stays.
      // A dry run (`?validate=true`, the form as it is typed) says so too, and stops there: the
      // identity checks below count against the account's limits.
      const document = profile.infoUser.document;
      if (Number(document) > DOCUMENT_MAX && document !== (await getPatient(db, id)).document) {
        throw invalid({ 'infoUser.document': { msg: MSG.esInvalidDni } });
      }
      if (dryRun(c)) throw dryRunPassed();
      const change = await checkOwnIdentityChange(c, {
        email: profile.infoUser.email,
        document: profile.infoUser.document,
        currentPassword: profile.currentPassword,
        code: profile.code,
      });
      // A new email is checked, then waits for the link mailed to it: the account keeps the old one.
      if (change.emailChanged) requireMail(c.env);
      const updated = await updateOwnProfile(
        db,
        id,
        profile,
        change.emailChanged ? change.oldEmail : undefined,
      );
      // The tag is the stored record's: the next save's If-Match still matches it.
      const newEmail = change.emailChanged ? profile.infoUser.email : null;
      return c.json(await withEmailChange(c, versioned(c, updated), newEmail), 200);
    },
  )
  // The desk corrects a patient's document and email: the medic signs again, the change is written to
  // the access log, and the patient is told at the old and at the new address.
  .put(
    '/:id/identity',
    route({
      who: 'medic',
      audit: 'correct patient identity',
      summary: "Correct a patient's document and email (the desk)",
      description:
        "The document (`documentType` DNI, passport or foreign, and `document`) and the email; the medic's current password (and code, with a second factor). Written to the access log; the patient is mailed at the old and at the new address (a dependant's guardian instead).",
      success: [json(200, PatientSchema, 'The corrected patient.')],
      errors: {
        404: 'No patient with this ID.',
        409: 'The document or email belongs to someone else.',
        412: STALE,
        422: "The medic's current password (and code) is missing or wrong, or a field is invalid.",
        429: SLOWED,
        503: NO_MAIL,
      },
    }),
    paramsOf(IdParamSchema),
    ownerOfIdParam,
    jsonBody(PatientIdentitySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await reauthenticate(c, input);
      // Mail must be possible before anything changes: the patient always learns of a correction.
      requireMail(c.env);
      const db = c.get('db');
      await assertFresh(c, () => getPatient(db, id));
      const { before, after } = await correctIdentity(db, id, input);
      const by = c.get('user')?.email ?? 'a medic of the clinic';
      const text = `Hello ${after.name},\n\nAt the clinic, ${by} corrected your details.\n\nDocument: ${before.document} (${before.documentType}) is now ${after.document} (${after.documentType}).\nEmail: ${before.email || 'none'} is now ${after.email || 'none'}.\n\nIf this is not right, contact the clinic.`;
      // A dependant's mail goes to the guardian; otherwise the old and the new address, each once.
      const guardianMail = after.guardianID === null ? null : (await getPatient(db, after.guardianID)).email;
      const to = guardianMail !== null ? [guardianMail] : [...new Set([before.email, after.email])];
      for (const address of to.filter((a) => a !== '')) {
        await sendMail(db, c.env, { to: address, subject: MSG.identityCorrectedSubject, text });
      }
      return c.json(versioned(c, after), 200);
    },
  )
  // A guardian's dependants: the guardian sees them in the portal and books for them; a medic too.
  .get(
    '/:id/dependants',
    route({
      who: 'owner',
      audit: 'read dependants',
      summary: "A guardian's dependants",
      description: 'The patients whose guardian this patient is (the guardian books for them in the portal).',
      success: [json(200, v.array(PatientSchema), 'In name order; empty when none.')],
      errors: { 404: 'No patient with this ID.' },
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      assertPatientAccess(c, id);
      const db = c.get('db');
      const guardian = await getPatient(db, id);
      const rows = await dependantsOf(db, guardian.userID);
      c.set(
        'auditPatientIds',
        rows.map((r) => r.ID),
      );
      return c.json(rows, 200);
    },
  )
  // The audit trail of one patient's clinical data: the raw rows for medics, and the access log a
  // medic opens on the patient page and a patient reads in the portal (their own record only; any
  // other ID answers 404). Reading the access log is itself written to the log.
  .get(
    '/:id/audit',
    route({
      who: 'medic',
      audit: 'read audit trail',
      summary: "A patient's raw audit rows",
      success: [json(200, v.array(AuditRowSchema), 'Newest first.')],
    }),
    paramsOf(IdParamSchema),
    queryOf(AccessLogQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      assertPatientAccess(c, id);
      return c.json(await recentAudit(c.get('db'), id, c.req.valid('query')), 200);
    },
  )
  .get(
    '/:id/access-log',
    route({
      who: 'owner',
      audit: 'read access log',
      summary: "A patient's access log",
      success: [
        json(200, v.array(AccessLogRowSchema), 'Who opened or changed the record, newest first.', true),
      ],
    }),
    paramsOf(IdParamSchema),
    queryOf(AccessLogQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      assertPatientAccess(c, id);
      const { rows, total } = await accessLogOf(c.get('db'), id, c.get('user'), c.req.valid('query'));
      setTotal(c, total);
      return c.json(rows, 200);
    },
  )
  // A patient who lost the device and the recovery codes: a medic of the clinic resets the factor,
  // as for medics (written to the access log; the patient is mailed and every session ends).
  .delete(
    '/:id/second-factor',
    route({
      who: 'medic',
      audit: 'reset second factor',
      summary: "Reset a patient's second factor",
      success: [
        json(200, MessageAnswerSchema, 'Reset: the patient signs in without it and may set one up again.'),
      ],
      errors: {
        404: 'No patient with this ID.',
        422: "The medic's current password (and code) is missing or wrong.",
        429: SLOWED,
        503: NO_MAIL,
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(ReauthSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      assertPatientAccess(c, id);
      const patient = await getPatient(c.get('db'), id);
      await resetFactorOf(c, { userId: patient.userID, email: patient.email }, c.req.valid('json'));
      return c.json({ ok: true as const, msg: MSG.patientSecondFactorReset }, 200);
    },
  );
