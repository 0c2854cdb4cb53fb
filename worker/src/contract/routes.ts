import * as v from 'valibot';
import { AuditRowSchema } from './access-log';
import {
  AccessLogRowSchema,
  BudgetDetailsSchema,
  BudgetSchema,
  ClinicalHistoryCreatedSchema,
  ClinicalHistorySchema,
  ClinicalHistoryUpdatedSchema,
  ClinicalHistoryVersionSchema,
  ClinicSchema,
  ConsultationPriceSchema,
  EvolutionCreatedSchema,
  EvolutionSchema,
  FreeSlotsSchema,
  LoginResultSchema,
  MedicRecordResultSchema,
  MedicSchema,
  MeSchema,
  MsgSchema,
  OkSchema,
  OneUserAnswerSchema,
  PatientListEntrySchema,
  PatientSchema,
  PaymentPreferenceSchema,
  PendingMedicSchema,
  QuoteMailedSchema,
  RemindersSchema,
  SignUpResultSchema,
  StudySchema,
  ToothSchema,
  TreatmentRepricedSchema,
  TreatmentSchema,
  TurnDeletedSchema,
  TurnSchema,
  UnconfirmedCancelledSchema,
  WebhookAnswerSchema,
} from './answers';
import { SessionsAnswerSchema, SessionsEndedAnswerSchema } from './open-sessions';
import { ReportSchema } from './reports';
import {
  MessageAnswerSchema,
  SecondFactorAnswerSchema,
  SecondFactorConfirmAnswerSchema,
  SecondFactorSetupAnswerSchema,
} from './second-factor';
import { StudyLinkSchema, StudyUploadFormSchema } from './studies';
import {
  ManualOfferAnswerSchema,
  MyRecallSchema,
  RecallSchema,
  WaitlistEntrySchema,
  WaitlistLeftSchema,
} from './waitlist';

/** The error statuses a route may answer beyond those its access rule and validators imply (routes/docs/openapi). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 426 | 429 | 503;

/** A route's successful answer: JSON with its schema, a page, a file, a redirect or a WebSocket. */
export interface Success {
  status: 101 | 200 | 201 | 302 | 303;
  description: string;
  /** JSON answers: the schema every answer of this status matches. */
  schema?: v.GenericSchema;
  /** Another kind of answer than JSON. */
  media?: 'text/html' | 'application/pdf' | 'text/csv';
  /** Lists give their full count in `X-Total-Count` (and `X-Total-Count-Exact: false` when it is a lower bound). */
  counted?: boolean;
}

/** What a route answers, for the API description and the API tests. */
export interface RouteAnswers {
  summary: string;
  /** Markdown. */
  description?: string;
  success: Success[];
  /** Statuses this route answers for reasons of its own, each with its reason. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /**
   * Why the route is not among the document's paths: a WebSocket (OpenAPI describes HTTP answers)
   * or a local stand-in that a deployment answers 404. The document's description names it.
   */
  outside?: string;
  /** Request bodies a route reads itself (not through a validator), by media type. */
  bodies?: Record<string, v.GenericSchema>;
}

const json = (status: 200 | 201, schema: v.GenericSchema, description: string, counted?: true): Success => ({
  status,
  schema,
  description,
  ...(counted ? { counted } : {}),
});
const html = (description: string): Success => ({ status: 200, media: 'text/html', description });
/** `?format=csv`: the list as a file (UTF-8 with a byte-order mark, a header row, formula-safe cells). */
const csv = (what: string): Success => ({
  status: 200,
  media: 'text/csv',
  description: `With \`format=csv\`: ${what} as a CSV attachment (UTF-8 with a byte-order mark, a header row; a cell starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe so it is never run).`,
});

const TOO_MANY = 'Too many attempts: wait and try again.';
const SLOWED = 'Too many wrong codes or passwords for this account: wait and try again.';
const NO_MAIL = 'Mail is not configured on this deployment: nothing was sent or changed.';
/** A save sent with `If-Match` after someone else changed the record (lib/etag.ts). */
const STALE =
  'Sent with `If-Match`, and the record changed since (its `ETag` differs): nothing written; `current` holds the record as it is now, and `ETag` its tag.';

/**
 * Every route of the deployed API (keys as the access table names them) and what it answers. The
 * API tests check each answer against this table (test/helpers `call`): its status must be listed
 * and its JSON body must match the schema of that status, or the error schema.
 */
export const ROUTE_ANSWERS: Record<string, RouteAnswers> = {
  // System
  'GET /api/health': {
    summary: 'Health check',
    description: 'Answers once the database answers.',
    success: [json(200, OkSchema, 'The API and its database answer.')],
  },
  'GET /api/openapi.json': {
    summary: 'This description',
    description: 'The API as OpenAPI 3.1, generated from the routes, their validators and the contract.',
    success: [json(200, v.record(v.string(), v.unknown()), 'The OpenAPI document.')],
  },
  'GET /api/docs': {
    summary: 'The reference page',
    description: 'This document as a page to read and, on a local server, to try.',
    success: [html('The API reference page.')],
  },
  // Accounts
  'POST /api/login': {
    summary: 'Sign in',
    description:
      'Sets the HttpOnly session cookie. A Bearer client asks for the token in the body with `?bearer=true` (and then gets no cookie). An account with a second factor sends its `code` in the same request (401 until it does).',
    success: [json(200, LoginResultSchema, 'Signed in.')],
    errors: {
      401: 'Incorrect username or password, or the second factor code is missing or wrong.',
      429: 'Too many failed sign-ins from this address, or too many wrong passwords for this account lately.',
    },
  },
  'POST /api/login/code': {
    summary: 'Second sign-in step',
    description: 'The second factor code after a social sign-in, whose session still owes it.',
    success: [json(200, LoginResultSchema, 'Signed in.')],
    errors: { 409: 'This session owes no code.', 429: SLOWED },
  },
  'POST /api/logout': {
    summary: 'Sign out',
    success: [json(200, OkSchema, 'The session ended and its cookie is cleared.')],
  },
  'GET /api/me': {
    summary: 'Who is signed in',
    success: [json(200, MeSchema, 'The signed-in user.')],
  },
  'POST /api/login/oneUser': {
    summary: 'Whether an email has an account',
    description: "A medic's question only (SPEC's account check; no account discovery for anyone else).",
    success: [json(200, OneUserAnswerSchema, '`success` is true when the email has an account.')],
  },
  'POST /api/password/reset': {
    summary: 'Mail a password reset link',
    description:
      "Answers 'Check your email box' for every well-formed email: it never says who has an account.",
    success: [json(200, MsgSchema, 'Done (a link is mailed when the email has an account).')],
    errors: { 429: TOO_MANY, 503: NO_MAIL },
  },
  'PUT /api/password/reupdate': {
    summary: 'Set a new password with a reset link',
    success: [json(200, MsgSchema, 'The password is changed; every session of the account ends.')],
    errors: { 403: 'The link is not valid or has expired.', 429: TOO_MANY },
  },
  'PUT /api/password/update': {
    summary: 'Change the password',
    success: [json(200, MsgSchema, 'The password is changed; the other sessions end.')],
    errors: { 403: 'The current password is wrong.', 429: SLOWED },
  },
  'GET /api/auth/oidc/start': {
    summary: 'Start a social sign-in',
    success: [
      {
        status: 302,
        description: "To the provider's sign-in page, or back to the app when it is not set up.",
      },
    ],
  },
  'GET /api/auth/oidc/callback': {
    summary: 'Finish a social sign-in',
    success: [{ status: 302, description: 'Back to the app, signed in (or with the reason it failed).' }],
  },
  'GET /api/second-factor': {
    summary: 'Second factor status',
    success: [json(200, SecondFactorAnswerSchema, 'Whether a factor is set up and required.')],
  },
  'POST /api/second-factor/setup': {
    summary: 'Start enrolling a second factor',
    success: [
      json(200, SecondFactorSetupAnswerSchema, 'The secret, shown once, until the first code confirms it.'),
    ],
    errors: {
      409: 'A second factor is already on.',
      503: 'Second factors are not configured on this deployment.',
    },
  },
  'POST /api/second-factor': {
    summary: 'Confirm the second factor',
    success: [json(200, SecondFactorConfirmAnswerSchema, 'On; the recovery codes, shown this once.')],
    errors: {
      401: 'The code is wrong.',
      403: 'The current password is wrong.',
      409: 'Already on, or no enrolment was started.',
      429: SLOWED,
      503: 'Second factors are not configured on this deployment.',
    },
  },
  'DELETE /api/second-factor': {
    summary: 'Turn the second factor off',
    success: [json(200, MessageAnswerSchema, 'Off.')],
    errors: {
      401: 'The code is wrong.',
      403: "The current password is wrong, or the clinic requires medics' second factor.",
      409: 'No second factor is on.',
      429: SLOWED,
    },
  },
  'DELETE /api/medics/:id/second-factor': {
    summary: "Reset another medic's second factor",
    success: [json(200, MessageAnswerSchema, 'Reset: the medic enrols again at the next sign-in.')],
    errors: {
      403: 'A medic cannot reset their own.',
      422: "The caller's current password (and code) is missing or wrong.",
      429: SLOWED,
      503: NO_MAIL,
    },
  },
  'DELETE /api/patients/:id/second-factor': {
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
  },
  'GET /api/sessions': {
    summary: 'My open sessions',
    success: [json(200, SessionsAnswerSchema, 'Newest first.')],
  },
  'DELETE /api/sessions': {
    summary: 'End my other sessions',
    success: [json(200, SessionsEndedAnswerSchema, 'Every other session ended.')],
  },
  'DELETE /api/sessions/:id': {
    summary: 'End one of my sessions',
    success: [json(200, MessageAnswerSchema, 'Ended.')],
  },
  // Patients
  'POST /api/patients': {
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
  },
  'GET /api/patients': {
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
  },
  'GET /api/patients/:id': {
    summary: 'A patient',
    success: [json(200, PatientSchema, 'The patient.')],
  },
  'PUT /api/patients/:id': {
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
  },
  'PUT /api/patients/:id/identity': {
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
  },
  'GET /api/patients/:id/dependants': {
    summary: "A guardian's dependants",
    description: 'The patients whose guardian this patient is (the guardian books for them in the portal).',
    success: [json(200, v.array(PatientSchema), 'In name order; empty when none.')],
    errors: { 404: 'No patient with this ID.' },
  },
  'GET /api/patients/:id/audit': {
    summary: "A patient's raw audit rows",
    success: [json(200, v.array(AuditRowSchema), 'Newest first.')],
  },
  'GET /api/patients/:id/access-log': {
    summary: "A patient's access log",
    success: [
      json(200, v.array(AccessLogRowSchema), 'Who opened or changed the record, newest first.', true),
    ],
  },
  'GET /api/clinicalhistories/search': {
    summary: "A patient's clinical history",
    description: "No history answers 404 with `msg` 'No hay Hc' (SPEC's words).",
    success: [json(200, ClinicalHistorySchema, 'The clinical history.')],
  },
  'POST /api/clinicalhistories': {
    summary: 'Create a clinical history',
    success: [json(201, ClinicalHistoryCreatedSchema, 'Created.')],
    errors: { 409: 'The patient already has one.' },
  },
  'PUT /api/clinicalhistories/:id': {
    summary: 'Update a clinical history',
    description:
      "Every condition answered again, and the 'other' texts. Writes a new version by the signed-in user (medic or the patient); every earlier version is kept. Answers that change nothing write nothing (`changed: false`). No history yet answers 404 'No hay Hc'.",
    success: [json(200, ClinicalHistoryUpdatedSchema, 'The current version.')],
    errors: { 412: STALE },
  },
  'GET /api/clinicalhistories/:id/versions': {
    summary: "A clinical history's versions",
    description:
      "Every version, newest first, with who wrote it and when. No history answers 404 'No hay Hc'.",
    success: [json(200, v.array(ClinicalHistoryVersionSchema), 'Newest first.')],
  },
  'GET /api/evolutions': {
    summary: "A patient's evolutions",
    success: [json(200, v.array(EvolutionSchema), 'Newest first.', true)],
  },
  'POST /api/evolutions': {
    summary: 'Add an evolution',
    description:
      "The author is the signed-in medic. `teeth: [{ toothID, surfaces?: ['M','O','D','B','L'] }]` names one or more teeth (permanent or primary, FDI), each once; SPEC's single `toothID` is the same as one tooth and, sent with `teeth`, must be one of them. The answer lists `teeth` either way.",
    success: [json(201, EvolutionCreatedSchema, 'Added.')],
    errors: { 404: 'No such patient.' },
  },
  'GET /api/studies/search': {
    summary: "A patient's studies",
    success: [json(200, v.array(StudySchema), 'The studies.')],
  },
  'POST /api/studies': {
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
  },
  'GET /api/studies/:id/file': {
    summary: "A study's PDF",
    success: [{ status: 200, media: 'application/pdf', description: 'The PDF.' }],
  },
  'GET /api/tooth': {
    summary: 'The teeth',
    description: 'The 32 permanent teeth (11–48), then the 20 primary teeth (51–85).',
    success: [json(200, v.array(ToothSchema), 'FDI numbering, in order.')],
  },
  // Clinic
  'GET /api/Clinics': {
    summary: 'The clinic',
    success: [json(200, ClinicSchema, 'The clinic.')],
    errors: { 404: 'No clinic yet.' },
  },
  'POST /api/Clinics': {
    summary: 'Create the clinic',
    success: [json(201, ClinicSchema, 'Created.')],
    errors: { 409: 'The clinic already exists.' },
  },
  'PUT /api/Clinics': {
    summary: 'Update the clinic',
    description:
      "New `officeHours` that leave booked turns outside them need `strandedTurns`: 'keep' (marked as outside hours), 'cancel' (each patient is mailed) or 'move' (the desk's needs-moving list); without it the answer is 409 and nothing is written. `POST /api/turns/outside-hours` lists those turns first.",
    success: [json(200, ClinicSchema, 'The stored clinic.')],
    errors: {
      412: STALE,
      404: 'No clinic yet.',
      422: "Changing the sign-in policy: the medic's current password (and code) is missing or wrong.",
      429: SLOWED,
      503: NO_MAIL,
      409: 'The new hours strand booked turns and no choice was given for them.',
    },
  },
  'PUT /api/Clinics/:id': {
    summary: 'Update the clinic by ID',
    description: 'As `PUT /api/Clinics`.',
    success: [json(200, ClinicSchema, 'The stored clinic.')],
    errors: {
      412: STALE,
      404: 'No clinic with this ID.',
      422: "Changing the sign-in policy: the medic's current password (and code) is missing or wrong.",
      429: SLOWED,
      503: NO_MAIL,
      409: 'The new hours strand booked turns and no choice was given for them.',
    },
  },
  'GET /api/treatments': {
    summary: 'The price list',
    success: [json(200, v.array(TreatmentSchema), 'A page of treatments.', true)],
  },
  'GET /api/treatments/consultation': {
    summary: "The consultation's price",
    description:
      "What a consultation turn bills, in the clinic's currency: shown to a patient before requesting one.",
    success: [json(200, ConsultationPriceSchema, 'The price and currency.')],
  },
  'PUT /api/treatments': {
    summary: "Change a treatment's price",
    success: [json(200, TreatmentSchema, 'The treatment.')],
    errors: { 404: 'No treatment with this ID.' },
  },
  'POST /api/treatments': {
    summary: 'Add a treatment to the price list',
    success: [json(201, TreatmentSchema, 'The new treatment.')],
    errors: { 409: 'A treatment with this ID already exists.' },
  },
  'PUT /api/treatments/prices': {
    summary: 'Change the selected prices by a percentage',
    description:
      '`IDs` and `percent` (10 raises them 10%, -5 lowers them 5%); each answer carries its `oldPrice`.',
    success: [json(200, v.array(TreatmentRepricedSchema), 'The changed treatments.')],
    errors: { 404: 'None of the IDs is on the price list.' },
  },
  'GET /api/medics': {
    summary: 'List medics, or find one by email',
    success: [
      json(200, v.union([v.array(MedicSchema), MedicSchema]), 'Every medic, or the one with `email`.'),
    ],
    errors: { 404: 'No medic with this email.' },
  },
  'POST /api/medics': {
    summary: 'Sign up as a medic, or register one',
    description:
      "Without a session: a medic's sign-up, approved by a medic of the clinic later. An approved medic registers another ('Medical record').",
    success: [
      json(201, v.union([SignUpResultSchema, MedicRecordResultSchema]), 'The new account, or the new medic.'),
    ],
    errors: {
      404: 'The clinic named does not exist.',
      409: 'This user already exists.',
      422: "Registering: the medic's current password (and code) is missing or wrong.",
      429: 'Too many sign-ups from this address, or too many wrong passwords.',
      503: NO_MAIL,
    },
  },
  'GET /api/medics/pending': {
    summary: 'Medics waiting for approval',
    success: [json(200, v.array(PendingMedicSchema), 'Oldest first.')],
  },
  'PUT /api/medics/:id/approve': {
    summary: 'Approve a medic',
    success: [json(200, MessageAnswerSchema, 'Approved (every medic is mailed).')],
    errors: {
      422: "The medic's current password (and code) is missing or wrong.",
      429: SLOWED,
      503: NO_MAIL,
    },
  },
  'PUT /api/medics/:id': {
    summary: 'Update my medic profile',
    description:
      'A new email takes effect only when the link mailed to it is used: until then the answer keeps the old `email` and names the new one in `emailPending`.',
    success: [json(200, MedicSchema, 'The updated medic.')],
    errors: {
      412: STALE,
      409: 'The email belongs to someone else.',
      429: 'Too many changes of document or email for this account or address: refused for an hour.',
      503: NO_MAIL,
    },
  },
  // Turns
  'GET /api/turns': {
    summary: 'Turns',
    description: 'Medics: every turn, by `from` and `to`. A patient: their own.',
    success: [
      json(200, v.array(TurnSchema), 'A page of turns.', true),
      csv('the turns of `from` to `to` (medics only)'),
    ],
  },
  'GET /api/turns/search': {
    summary: "A patient's turns",
    success: [json(200, v.array(TurnSchema), 'A page of turns.', true)],
  },
  'GET /api/turns/free': {
    summary: 'Free slots of a day',
    success: [json(200, FreeSlotsSchema, 'Start times where a standard turn fits.')],
    errors: { 409: 'The clinic has no office hours yet.' },
  },
  'GET /api/turns/live': {
    summary: 'Live agenda (WebSocket)',
    description: 'Change notices (dates and turn IDs, never patient data) while the screen is open.',
    success: [{ status: 101, description: 'Switching to a WebSocket.' }],
    outside: 'A WebSocket: OpenAPI describes HTTP answers only.',
    errors: { 426: 'Not a WebSocket request.', 429: 'This session holds too many live agendas already.' },
  },
  'POST /api/turns': {
    summary: 'Book a turn',
    description: "A medic books a turn; a patient requests a consultation (SPEC's appointment request).",
    success: [json(201, TurnSchema, 'Booked.')],
    errors: { 409: 'Out of office hours, taken, or a consultation is already booked.' },
  },
  'PUT /api/turns/update/:id': {
    summary: 'Accept a turn',
    success: [json(200, TurnSchema, 'The turn.')],
    errors: {
      412: STALE,
      409: 'The consultation must be paid first, or the turn has started.',
    },
  },
  'PUT /api/turns/move/:id': {
    summary: 'Move a turn',
    success: [json(200, TurnSchema, 'The moved turn.')],
    errors: {
      412: STALE,
      409: 'Out of office hours, taken, or the turn has started.',
    },
  },
  'DELETE /api/turns/delete/:id': {
    summary: 'Cancel a turn',
    description:
      "A medic cancelling a paid consultation is answered `paidBudget`; with `refund` (`card` or `credit`) every payment left on its budget is refunded that way first (a payment made with credit goes back as credit), answered in `refunded`, and the patient's cancel mail says which. Without `refund` nothing is refunded.",
    success: [json(200, TurnDeletedSchema, 'Cancelled.')],
    errors: {
      409: 'Too late to cancel (24 hours before, for patients), or the turn has started.',
      503: "Stripe did not refund an online payment's card: the turn is not cancelled.",
    },
  },
  'POST /api/turns/outside-hours': {
    summary: 'Turns that new office hours would strand',
    description:
      'The booked turns, not started and not already marked, that `officeHours` (the JSON text `PUT /api/Clinics` takes) would leave outside the hours. Nothing is written.',
    success: [json(200, v.array(TurnSchema), 'The turns, in date and time order.')],
    errors: { 409: 'No clinic yet.' },
  },
  'GET /api/turns/needs-moving': {
    summary: 'The turns waiting to be moved',
    description: 'Turns a change of office hours left outside them, which the desk chose to move.',
    success: [json(200, v.array(TurnSchema), 'The turns, in date and time order.')],
  },
  'GET /api/turns/unconfirmed': {
    summary: 'Requests from unconfirmed accounts',
    description:
      'The pending requests (not accepted by the medic, not started, not paid) of patients whose account has not confirmed its email.',
    success: [json(200, v.array(TurnSchema), 'The turns, in date and time order.')],
    errors: { 409: 'No clinic yet.' },
  },
  'POST /api/turns/cancel-unconfirmed': {
    summary: 'Cancel the requests of unconfirmed accounts',
    description:
      'Cancels, in one go, every request `GET /api/turns/unconfirmed` lists (one the medic accepts meanwhile stays); each patient is mailed.',
    success: [json(200, UnconfirmedCancelledSchema, 'How many were cancelled, and which.')],
    errors: { 409: 'No clinic yet.' },
  },
  'GET /api/email/confirm': {
    summary: 'The mailed email confirmation link',
    description:
      'Shows the address and a button; the link alone changes nothing (mail scanners follow links).',
    success: [html('A page with the button.')],
    errors: {
      404: 'The link is not valid, has expired or was already used (a browser gets a page saying so).',
    },
  },
  'POST /api/email/confirm': {
    summary: 'Confirm an email',
    description:
      "Single-use, no sign-in. A sign-up's link marks the account's email confirmed; an email change's makes the new address the sign-in email, ends every other session and tells the old address.",
    success: [html('Done, in words.')],
    errors: {
      404: 'The link is not valid, has expired or was already used (a browser gets a page saying so).',
      409: 'The new address was taken by another account meanwhile.',
    },
  },
  'GET /api/reminders': {
    summary: 'My reminder setting',
    success: [json(200, RemindersSchema, 'Whether reminder mails are on.')],
  },
  'PUT /api/reminders': {
    summary: 'Turn reminder mails on or off',
    success: [json(200, RemindersSchema, 'The setting.')],
  },
  'GET /api/reminders/off': {
    summary: 'The mailed opt-out link',
    description: 'Shows a button; the link alone changes nothing.',
    success: [html('A page with the button.')],
    errors: { 404: 'The link is not valid (a browser gets a page saying so).' },
  },
  'POST /api/reminders/off': {
    summary: 'Opt out of reminders',
    success: [html('Done, in words.')],
    errors: { 404: 'The link is not valid (a browser gets a page saying so).' },
  },
  'PUT /api/turns/:id/outcome': {
    summary: 'Mark a turn attended or no-show',
    description: 'Once the turn has started; marking again corrects it.',
    success: [json(200, TurnSchema, 'The turn with its outcome.')],
    errors: { 409: 'The turn has not started yet.' },
  },
  'GET /api/replies/confirm': {
    summary: "The reminder's Confirm link",
    description: 'Shows a button; the link alone changes nothing (mail scanners follow links).',
    success: [html('A page with the button.')],
    errors: { 404: 'The link is not valid, or was already used (a browser gets a page saying so).' },
  },
  'POST /api/replies/confirm': {
    summary: 'Confirm a turn from the reminder',
    description: 'Signed and single-use; no sign-in. The turn answers `patientConfirmed: true` from then on.',
    success: [html('Done, in words.')],
    errors: { 404: 'The link is not valid, or was already used (a browser gets a page saying so).' },
  },
  'GET /api/replies/cancel': {
    summary: "The reminder's Cancel link",
    description: 'Shows a button and the 24-hour rule; inside the rule, says so and shows no button.',
    success: [html('A page with the button, or why it cannot be cancelled.')],
    errors: { 404: 'The link is not valid, or was already used (a browser gets a page saying so).' },
  },
  'POST /api/replies/cancel': {
    summary: 'Cancel a turn from the reminder',
    description:
      "Signed and single-use; no sign-in. Keeps the patient's 24-hour rule; the cancellation is recorded and the start goes to the waitlist.",
    success: [html('Done, in words.')],
    errors: {
      404: 'The link is not valid, or was already used (a browser gets a page saying so).',
      409: 'Too late to cancel: the medic accepted the turn and it starts within 24 hours, or it has started.',
    },
  },
  'GET /api/waitlist': {
    summary: 'The waitlist',
    description: 'A medic: every entry. A patient: their own. Each entry with the offers it was sent.',
    success: [json(200, v.array(WaitlistEntrySchema), 'Earliest entry first.')],
  },
  'POST /api/waitlist': {
    summary: 'Join the waitlist, or add a patient to it',
    description: "A patient's own `PatientID` is implied; the desk names the patient.",
    success: [json(201, WaitlistEntrySchema, 'The entry.')],
  },
  'DELETE /api/waitlist/:id': {
    summary: 'Leave the waitlist',
    success: [json(200, WaitlistLeftSchema, 'Removed.')],
  },
  'POST /api/waitlist/offer': {
    summary: 'Offer a free start by hand',
    description:
      'The round of offers goes out at once (no grace), to up to `waitlistBatch` fitting patients.',
    success: [json(201, ManualOfferAnswerSchema, 'Offered.')],
    errors: { 409: 'A turn stands on this start.' },
  },
  'GET /api/waitlist/offers/:token': {
    summary: 'The mailed offer',
    description: 'Shows the start and a button; the link alone changes nothing.',
    success: [html('A page with the button, or what became of the offer.')],
    errors: { 404: 'The link is not valid (a browser gets a page saying so).' },
  },
  'POST /api/waitlist/offers/:token/claim': {
    summary: 'Take an offered turn',
    description:
      'Exactly one claim of a start wins, however many arrive at once: its turn is booked, accepted by both sides. A browser gets a page.',
    success: [
      json(201, TurnSchema, 'The turn is yours.'),
      { status: 201, media: 'text/html', description: 'The same, as a page.' },
    ],
    errors: {
      404: 'The link is not valid.',
      409: 'This turn has already been taken (or this link was already used).',
      410: 'The offer has expired.',
    },
  },
  'GET /api/recalls': {
    summary: 'Recall list',
    description: '`status`: due (this month), overdue, contacted or booked.',
    success: [json(200, v.array(RecallSchema), 'By due date.')],
  },
  'GET /api/recalls/mine': {
    summary: 'My recall due date',
    success: [json(200, MyRecallSchema, 'The due date, or null.')],
  },
  'GET /api/reports': {
    summary: "The clinic's figures per month",
    description:
      'Whole months from `from` to `to` (at most 24): billed and collected (currency units), budgets made and paid, turns, attended, no-shows, cancelled (late ones apart), starts refilled from the waitlist, new patients, booked and open hours (each medic apart in `medics`). Read from a monthly roll-up the database keeps by triggers.',
    success: [json(200, ReportSchema, 'The months, oldest first.'), csv('the months')],
  },
  'PUT /api/recalls/:id': {
    summary: 'Mark a recall contacted or dismissed',
    success: [json(200, RecallSchema, 'The recall.')],
  },
  // Budgets
  'GET /api/Budgets': {
    summary: 'Budgets',
    success: [
      json(200, v.array(BudgetSchema), 'A page of budgets.', true),
      csv('every budget the filters find (medics only)'),
    ],
  },
  'GET /api/Budgets/:id': {
    summary: 'A budget',
    success: [json(200, BudgetDetailsSchema, 'The budget with its patient.')],
  },
  'POST /api/Budgets': {
    summary: 'Create a budget',
    description: 'With `withPaymentLink`, the budget and its payment link in one call, or nothing.',
    success: [json(201, BudgetDetailsSchema, 'Created.')],
    errors: { 404: 'No such patient or treatment.', 503: 'The payment service failed: nothing was written.' },
  },
  'PUT /api/Budgets': {
    summary: 'Store the payment link, mark paid, or change a pending budget',
    description:
      '`paid: true` records a desk payment of the balance (`method`: cash, card or transfer). With `treatments` (and no `paid`) the pending budget is changed: its lines with a `toothID` each, `discount` or `discountPercent`, `validUntil`; refused once a payment was recorded.',
    success: [json(200, BudgetDetailsSchema, 'The budget.')],
    errors: { 412: STALE, 404: 'No such budget.', 409: 'The budget has payments, or was voided.' },
  },
  'POST /api/Budgets/:id/void': {
    summary: 'Void a budget nobody has paid',
    success: [json(200, BudgetDetailsSchema, 'The voided budget.')],
    errors: { 404: 'No such budget.', 409: 'It has payments, or was already voided.' },
  },
  'POST /api/Budgets/:id/payments': {
    summary: 'Record a payment at the desk',
    description: '`amount` (the balance when absent) and `method`: cash, card or transfer.',
    success: [json(201, BudgetDetailsSchema, 'The budget with the payment.')],
    errors: { 404: 'No such budget.', 409: 'More than the balance, already paid, or voided.' },
  },
  'POST /api/Budgets/:id/refunds': {
    summary: 'Refund a payment',
    description:
      "Part (`amount`) or all of one payment (`paymentId`) with a `reason`, `to` the card or as a `credit` the patient's next budget uses. Never more than what is left of that payment. To the card, an online payment is refunded through Stripe's refund API.",
    success: [json(201, BudgetDetailsSchema, 'The budget with the refund.')],
    errors: {
      404: 'No such budget or payment.',
      409: 'More than what is left of the payment.',
      503: "Stripe did not refund an online payment's card: nothing was recorded.",
    },
  },
  'POST /api/Budgets/:id/quote-mail': {
    summary: 'Mail the quote to the patient',
    description:
      "`pdf`: the quote as the summary drew it (base64, at most about 600 KB). The patient's account e-mail gets it attached, with the link to pay.",
    success: [json(200, QuoteMailedSchema, 'Where it was sent.')],
    errors: {
      404: 'No such budget.',
      409: 'The budget was voided, or the patient has no account e-mail.',
      503: 'Mail cannot be sent.',
    },
  },
  'POST /api/payments/create_preference': {
    summary: 'A payment link for a budget',
    description: "With `amount`, a deposit: at least the clinic's minimum share, at most the balance.",
    success: [json(200, PaymentPreferenceSchema, 'Where the patient pays.')],
    errors: { 409: 'The budget is already paid, or voided.', 503: 'The payment service is not available.' },
  },
  'GET /api/payments/demo-checkout/:id': {
    summary: 'Demo checkout page',
    description: 'Local runs only (the stand-in for Stripe Checkout).',
    success: [html('The checkout page.')],
    outside: 'The local stand-in for Stripe Checkout: a deployment answers 404.',
  },
  'POST /api/payments/demo-checkout/:id': {
    summary: 'Pay on the demo checkout',
    description: 'Local runs only: signs and posts the same webhook event Stripe would.',
    success: [{ status: 303, description: "Back to the patient's payments." }],
    outside: 'The local stand-in for Stripe Checkout: a deployment answers 404.',
  },
  'POST /api/payments/webhook': {
    summary: "Stripe's payment webhook",
    description:
      "Stripe's servers call it; the signature on the raw body is its authentication. Each event takes effect once.",
    success: [json(200, WebhookAnswerSchema, 'Received.')],
    errors: {
      400: 'A bad signature or a malformed event.',
      409: 'Refused and recorded: no such budget, or the session, currency or amount does not match the budget.',
    },
  },
};
