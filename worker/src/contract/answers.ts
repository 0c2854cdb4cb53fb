import * as v from 'valibot';
import { PAYMENT_METHODS } from './budgets';
import { CONDITION_KEYS, OTHER_KEYS } from './clinical-history';
import { ERROR_STATUS } from './errors';
import { SURFACES } from './evolutions';
import { STUDY_TYPES } from './studies';
import { TURN_OUTCOMES } from './turns';

/*
 * What the API answers, as valibot schemas: the OpenAPI document describes each route's answer with
 * these (routes/docs/openapi, through @valibot/to-json-schema), and the API tests check every answer against
 * them (test/helpers `call`). Objects are strict: a field the code adds without saying so here fails a test.
 * Each answer's type is inferred from its schema here, so the two cannot differ.
 */

/** Every error: `{ error, msg, requestId, errors? }`. */
export const ErrorSchema = v.pipe(
  v.strictObject({
    error: v.pipe(
      v.picklist(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      v.description('A code for programs; the HTTP status says the same in numbers.'),
    ),
    msg: v.pipe(v.string(), v.description('For people: the screens show it as it is.')),
    errors: v.optional(
      v.pipe(
        v.record(v.string(), v.strictObject({ msg: v.string() })),
        v.description('Invalid input (422): one message per field path, e.g. `infoUser.name`.'),
      ),
    ),
    requestId: v.optional(
      v.pipe(v.string(), v.description('Also in the `X-Request-Id` header and the server log line.')),
    ),
    current: v.optional(
      v.pipe(
        v.record(v.string(), v.unknown()),
        v.description(
          "A stale save (412, its `If-Match` no longer the record's `ETag`): the record as it is now, nothing written.",
        ),
      ),
    ),
  }),
  v.description('The body of every error answer.'),
);

/** `?validate=true`: the same checks as the write, nothing written; no entries when the body is valid. */
export const DryRunSchema = v.pipe(
  v.strictObject({
    errors: v.record(v.string(), v.strictObject({ msg: v.string() })),
  }),
  v.description('The answer of `?validate=true`: one message per field path, none when the body is valid.'),
);

/** `{ ok: true }` (logout, health). */
export const OkSchema = v.strictObject({ ok: v.literal(true) });

/** Where a mailed quote went (POST /api/Budgets/{id}/quote-mail). */
export const QuoteMailedSchema = v.strictObject({ to: v.string() });
/** POST /api/Budgets/{id}/quote-mail answers where the quote went. */
export type QuoteMailed = v.InferOutput<typeof QuoteMailedSchema>;

/** `{ msg }`: a done deed in words (password routes). */
export const MsgSchema = v.strictObject({ msg: v.string() });

const userType = v.picklist(['Patient', 'Medic']);

export const LoginResultSchema = v.pipe(
  v.strictObject({
    token: v.optional(
      v.pipe(
        v.string(),
        v.description(
          'Only with `?bearer=true`: send it as `Authorization: Bearer <token>`. Browsers use the cookie.',
        ),
      ),
    ),
    userType,
    name: v.string(),
    lastName: v.string(),
    document: v.string(),
    email: v.string(),
    secondFactor: v.optional(
      v.pipe(
        v.literal('enrol'),
        v.description(
          'The clinic requires a second factor this medic has not set up: only the enrolment opens.',
        ),
      ),
    ),
  }),
  v.description('Who signed in. The session cookie is set too.'),
);

export const MeSchema = v.strictObject({
  ID: v.number(),
  email: v.string(),
  name: v.string(),
  lastName: v.string(),
  document: v.string(),
  userType,
  approved: v.boolean(),
  incomplete: v.boolean(),
  doctorTitle: v.nullable(v.string()),
  patientID: v.nullable(v.number()),
  medicID: v.nullable(v.number()),
  pending: v.pipe(
    v.nullable(v.picklist(['enrol', 'code'])),
    v.description('The sign-in step this session still owes; null when complete.'),
  ),
});

export const SignUpResultSchema = v.strictObject({
  ID: v.number(),
  userType,
  email: v.string(),
  approved: v.pipe(v.boolean(), v.description('False while a self-registered medic waits for approval.')),
});

const person = {
  name: v.string(),
  lastName: v.string(),
  document: v.string(),
  email: v.string(),
  street: v.string(),
  number: v.string(),
  city: v.string(),
  postalCode: v.string(),
  birth: v.string(),
  cellphone: v.string(),
  telephone: v.string(),
  imageProfile: v.nullable(v.string()),
};

export const PatientSchema = v.pipe(
  v.strictObject({
    ID: v.number(),
    userID: v.number(),
    userType: v.literal('Patient'),
    ...person,
    medicalService: v.string(),
    obraSocial: v.nullable(v.string()),
    showClinicalHistory: v.boolean(),
    tutor: v.nullable(v.string()),
    documentType: v.picklist(['DNI', 'passport', 'foreign']),
    guardianID: v.nullable(v.number()),
    missing: v.array(v.picklist(['telephone', 'cellphone', 'email', 'medicalService'])),
    fullName: v.string(),
    age: v.nullable(v.number()),
    emailPending: v.optional(
      v.pipe(
        v.string(),
        v.description(
          'Own profile update: the new email, mailed a confirmation link; `email` stays the old one until it is used.',
        ),
      ),
    ),
  }),
  v.description('A patient: the user record and the patient record in one object.'),
);
/** GET /api/patients/{id}: the user record and the patient record in one object, plus derived fields. */
export type PatientDetails = v.InferOutput<typeof PatientSchema>;

export const PatientListEntrySchema = v.strictObject({
  ID: v.number(),
  name: v.string(),
  lastName: v.string(),
  document: v.string(),
  email: v.string(),
  Patient: v.strictObject({ ID: v.number() }),
});
/** One item of GET /api/patients: the flat `ID` and the same number as `Patient.ID`. */
export type PatientListEntry = v.InferOutput<typeof PatientListEntrySchema>;

export const MedicSchema = v.strictObject({
  ID: v.number(),
  UserID: v.number(),
  ClinicID: v.number(),
  userType: v.literal('Medic'),
  ...person,
  doctorTitle: v.string(),
  doctorSpecialization: v.string(),
  doctorTuitionDate: v.string(),
  doctorTuitionNumber: v.nullable(v.number()),
  approved: v.boolean(),
  emailPending: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Own profile update: the new email, mailed a confirmation link; `email` stays the old one until it is used.',
      ),
    ),
  ),
});

export const MedicRecordResultSchema = v.strictObject({
  ...MedicSchema.entries,
  clinicUpdated: v.boolean(),
});

export const PendingMedicSchema = v.strictObject({
  medicID: v.number(),
  ID: v.number(),
  name: v.string(),
  lastName: v.string(),
  email: v.string(),
  document: v.string(),
  doctorTuitionNumber: v.nullable(v.number()),
});

export const ClinicSchema = v.strictObject({
  ID: v.number(),
  name: v.string(),
  imgLogo: v.string(),
  street: v.string(),
  number: v.string(),
  city: v.string(),
  postalcode: v.string(),
  telephone: v.string(),
  email: v.string(),
  hours: v.string(),
  turnStandardDuration: v.pipe(v.number(), v.description('Decimal hours.')),
  officeHours: v.pipe(
    v.string(),
    v.description('JSON text: per weekday (0 = Sunday) its ranges in decimal hours.'),
  ),
  timeZone: v.pipe(
    v.string(),
    v.description('IANA time zone: "tomorrow" and office hours are judged in it.'),
  ),
  currency: v.pipe(v.string(), v.description('ISO 4217 code used on every amount.')),
  requireMedicSecondFactor: v.boolean(),
  dateOrder: v.pipe(
    v.picklist(['mdy', 'dmy']),
    v.description("The order people read dates in: 'mdy' (month/day/year) or 'dmy' (day/month/year)."),
  ),
  waitlistGraceMinutes: v.pipe(
    v.number(),
    v.description('Minutes before a freed start is offered (default 3).'),
  ),
  waitlistHoldMinutes: v.pipe(v.number(), v.description('Minutes an offer holds (default 15).')),
  waitlistBatch: v.pipe(v.number(), v.description('Waiting patients offered each round (default 3).')),
  minDepositPercent: v.pipe(
    v.number(),
    v.description('The least share of a budget a patient may pay online (100: no deposits).'),
  ),
});

export const TreatmentSchema = v.strictObject({
  ID: v.string(),
  creationDate: v.string(),
  updateDate: v.string(),
  treatmentType: v.string(),
  description: v.string(),
  price: v.pipe(v.number(), v.description("In the clinic's currency units.")),
  ClinicID: v.number(),
  recallMonths: v.optional(
    v.pipe(v.nullable(v.number()), v.description('Months until a recall after a visit with it; null: none.')),
  ),
});

/** The consultation's price, for anyone signed in. */
export const ConsultationPriceSchema = v.strictObject({
  price: v.pipe(v.number(), v.description("In the clinic's currency units.")),
  currency: v.pipe(v.string(), v.description('ISO 4217 code.')),
});

/** A treatment whose price a percentage changed, with the price it had. */
export const TreatmentRepricedSchema = v.strictObject({ ...TreatmentSchema.entries, oldPrice: v.number() });

export const ToothSchema = v.strictObject({
  ID: v.number(),
  zone: v.string(),
  position: v.number(),
  dentition: v.picklist(['permanent', 'primary']),
});

const EvolutionToothAnswerSchema = v.strictObject({
  toothID: v.number(),
  surfaces: v.array(v.picklist(SURFACES)),
});
/** GET /api/tooth (Tooth): FDI numbering, zone is the quadrant's name. */
export type Tooth = v.InferOutput<typeof ToothSchema>;

export const ClinicalHistorySchema = v.strictObject({
  ...(Object.fromEntries([
    ...CONDITION_KEYS.map((k) => [k, v.boolean()] as const),
    ...OTHER_KEYS.map((k) => [k, v.string()] as const),
  ]) as Record<(typeof CONDITION_KEYS)[number], v.BooleanSchema<undefined>> &
    Record<(typeof OTHER_KEYS)[number], v.StringSchema<undefined>>),
  ID: v.number(),
  patient: v.number(),
  createdAt: v.string(),
});
/** GET /api/clinicalhistories/search?id= */
export type ClinicalHistory = v.InferOutput<typeof ClinicalHistorySchema>;

const ClinicalHistoryAnswersSchema = v.strictObject(
  Object.fromEntries([
    ...CONDITION_KEYS.map((k) => [k, v.boolean()] as const),
    ...OTHER_KEYS.map((k) => [k, v.string()] as const),
  ]) as Record<(typeof CONDITION_KEYS)[number], v.BooleanSchema<undefined>> &
    Record<(typeof OTHER_KEYS)[number], v.StringSchema<undefined>>,
);

export const ClinicalHistoryVersionSchema = v.strictObject({
  version: v.number(),
  createdAt: v.string(),
  author: v.pipe(
    v.nullable(v.string()),
    v.description('Who wrote it; null when not known (written before versions were kept).'),
  ),
  authorRole: v.nullable(v.picklist(['medic', 'patient'])),
  answers: ClinicalHistoryAnswersSchema,
});
/** One kept version of a clinical history: GET /api/clinicalhistories/{patientId}/versions, newest first. */
export type ClinicalHistoryVersion = v.InferOutput<typeof ClinicalHistoryVersionSchema>;

export const ClinicalHistoryUpdatedSchema = v.strictObject({
  ID: v.number(),
  patient: v.number(),
  version: v.pipe(v.number(), v.description('The current version: a new one when anything changed.')),
  changed: v.boolean(),
  msg: v.string(),
});

export const ClinicalHistoryCreatedSchema = v.strictObject({
  ID: v.number(),
  patient: v.number(),
  msg: v.string(),
});

export const EvolutionSchema = v.strictObject({
  ID: v.number(),
  date: v.string(),
  observations: v.string(),
  MedicID: v.number(),
  PatientID: v.number(),
  TreatmentID: v.nullable(v.string()),
  toothID: v.nullable(v.number()),
  teeth: v.pipe(
    v.array(EvolutionToothAnswerSchema),
    v.description('Every tooth of the note with its surfaces (M, O, D, B, L).'),
  ),
  medic: v.pipe(v.string(), v.description('"Dr. Gregory House": the medic as the patient page shows them.')),
  treatment: v.nullable(v.string()),
  treatmentType: v.nullable(v.string()),
});
/** One row of GET /api/evolutions?PatientID= */
export type Evolution = v.InferOutput<typeof EvolutionSchema>;

export const EvolutionCreatedSchema = v.strictObject({
  ID: v.number(),
  date: v.string(),
  observations: v.string(),
  MedicID: v.number(),
  PatientID: v.number(),
  TreatmentID: v.string(),
  toothID: v.number(),
  teeth: v.array(EvolutionToothAnswerSchema),
});

export const StudySchema = v.strictObject({
  ID: v.number(),
  studyType: v.picklist(STUDY_TYPES),
  description: v.nullable(v.string()),
  patient: v.number(),
  attach: v.pipe(
    v.nullable(v.string()),
    v.description(
      'Where the study is: this API (checks access, then streams the PDF) or an https link kept elsewhere.',
    ),
  ),
  link: v.pipe(
    v.boolean(),
    v.description('`attach` is a link to a study kept elsewhere, never fetched by the server.'),
  ),
  fileName: v.nullable(v.string()),
  createdAt: v.string(),
});
/** One row of GET /api/studies/search?id= (Study). */
export type Study = v.InferOutput<typeof StudySchema>;

export const TurnSchema = v.strictObject({
  ID: v.number(),
  date: v.pipe(v.string(), v.description('YYYY-MM-DD, in the clinic time zone.')),
  time: v.pipe(v.number(), v.description('Decimal hours: 9.5 is 09:30.')),
  duration: v.pipe(v.number(), v.description('Decimal hours.')),
  description: v.string(),
  medicAccepts: v.boolean(),
  patientAccepts: v.boolean(),
  MedicID: v.number(),
  PatientID: v.number(),
  isConsultation: v.boolean(),
  budgetID: v.nullable(v.number()),
  budgetPaid: v.nullable(v.boolean()),
  userPatient: v.strictObject({ name: v.string(), lastName: v.string(), document: v.string() }),
  confirmedBy: v.pipe(
    v.nullable(v.picklist(['patient', 'phone', 'desk'])),
    v.description(
      "How the patient's acceptance was given: their own Accept, or a medic's 'phone' / 'desk' for them.",
    ),
  ),
  confirmedByMedicID: v.pipe(
    v.nullable(v.number()),
    v.description("Who confirmed for the patient: the medic who recorded 'phone' or 'desk'; null otherwise."),
  ),
  hoursFlag: v.pipe(
    v.nullable(v.picklist(['kept', 'needs-moving'])),
    v.description('Left outside the office hours by a change of hours: kept there (marked), or to be moved.'),
  ),
  outcome: v.pipe(
    v.nullable(v.picklist(TURN_OUTCOMES)),
    v.description('Attended or no-show, set by the desk once the turn has started; null until then.'),
  ),
  patientConfirmed: v.pipe(v.boolean(), v.description("The patient confirmed from the reminder's link.")),
  emailConfirmed: v.pipe(
    v.boolean(),
    v.description("Whether the patient's account confirmed its email (the sign-up's mailed link)."),
  ),
});
/** Turn, as the API answers it. Times and durations in decimal hours. */
export type Turn = v.InferOutput<typeof TurnSchema>;

export const FreeSlotsSchema = v.strictObject({
  date: v.string(),
  slots: v.pipe(v.array(v.number()), v.description('Start times in decimal hours.')),
});

/** POST /api/turns/cancel-unconfirmed: how many pending requests of unconfirmed accounts were cancelled. */
export const UnconfirmedCancelledSchema = v.strictObject({
  cancelled: v.pipe(v.number(), v.description('How many requests were cancelled (each patient is mailed).')),
  IDs: v.pipe(v.array(v.number()), v.description('The cancelled turns.')),
});

export const TurnDeletedSchema = v.strictObject({
  ID: v.number(),
  deleted: v.literal(true),
  /** A clinic's cancel of a paid consultation: its budget and what was paid, to refund or keep as credit. */
  paidBudget: v.optional(v.nullable(v.strictObject({ ID: v.number(), paidAmount: v.number() }))),
  /** The cancel's `refund` done: where the payment went and how much. */
  refunded: v.optional(v.strictObject({ to: v.picklist(['card', 'credit']), amount: v.number() })),
});

const BudgetLineSchema = v.strictObject({
  ID: v.string(),
  treatmentType: v.string(),
  description: v.string(),
  price: v.number(),
  quantity: v.number(),
  subTotalPrice: v.number(),
  toothID: v.nullable(v.number()),
});

const BudgetPaymentSchema = v.strictObject({
  ID: v.number(),
  kind: v.picklist(['payment', 'refund']),
  method: v.picklist(PAYMENT_METHODS),
  amount: v.number(),
  reason: v.nullable(v.string()),
  refundOf: v.nullable(v.number()),
  refundable: v.number(),
  by: v.nullable(v.string()),
  date: v.string(),
});

export const BudgetSchema = v.pipe(
  v.strictObject({
    ID: v.number(),
    PatientID: v.number(),
    patientFullName: v.string(),
    patientDocument: v.string(),
    treatments: v.array(BudgetLineSchema),
    discount: v.nullable(v.number()),
    discountPercent: v.pipe(
      v.nullable(v.number()),
      v.description(
        'The discount as given in percent (`discount` is what it came to); null for an amount or none.',
      ),
    ),
    totalPrice: v.number(),
    paid: v.boolean(),
    linkPayment: v.nullable(v.string()),
    idPayment: v.nullable(v.string()),
    creationDate: v.string(),
    updateDate: v.string(),
    paidAmount: v.pipe(v.number(), v.description('Payments less refunds.')),
    balance: v.pipe(v.number(), v.description('What is left to pay; paid is true when it is 0.')),
    status: v.picklist(['Pending', 'Partly paid', 'Completed', 'Voided']),
    validUntil: v.nullable(v.string()),
    voidReason: v.nullable(v.string()),
    currency: v.pipe(
      v.string(),
      v.description(
        "ISO 4217 code of the budget's amounts: the clinic's currency when it was made (a later change of the clinic's currency leaves it).",
      ),
    ),
  }),
  v.description("A budget with its lines; amounts in the budget's currency units (`currency`)."),
);
/** One row of GET /api/Budgets (Budget with its derived patient fields). */
export type Budget = v.InferOutput<typeof BudgetSchema>;

export const BudgetDetailsSchema = v.strictObject({
  ...BudgetSchema.pipe[0].entries,
  patient: v.strictObject({
    name: v.string(),
    lastName: v.string(),
    age: v.nullable(v.number()),
    document: v.string(),
    cellphone: v.string(),
    medicalService: v.string(),
  }),
  payments: v.array(BudgetPaymentSchema),
  credit: v.pipe(v.number(), v.description("The patient's credit from refunds kept for a next budget.")),
  minPayment: v.pipe(v.number(), v.description('The least a patient may pay online now (a deposit).')),
});
/** GET /api/Budgets/credit: the signed-in patient's credit, one entry per currency that has some. */
export const PatientCreditSchema = v.pipe(
  v.array(
    v.strictObject({
      currency: v.pipe(v.string(), v.description('ISO 4217 code: the currency of the budgets it came from.')),
      amount: v.pipe(v.number(), v.description('Above zero, in currency units.')),
    }),
  ),
  v.description(
    'Refunds kept as a credit for the next budget, less what budgets used; empty when there is none.',
  ),
);
export type PatientCredit = v.InferOutput<typeof PatientCreditSchema>;

/** GET /api/Budgets/{id}: the budget and what the summary shows of its patient (Budget summary). */
export type BudgetDetails = v.InferOutput<typeof BudgetDetailsSchema>;

export const PaymentPreferenceSchema = v.strictObject({
  linkPayment: v.pipe(v.string(), v.description('Where the patient pays.')),
  id: v.string(),
});
/** POST /api/payments/create_preference answers where to pay and the payment's id. */
export type PaymentPreference = v.InferOutput<typeof PaymentPreferenceSchema>;

export const WebhookAnswerSchema = v.strictObject({ received: v.literal(true), applied: v.boolean() });

export const RemindersSchema = v.strictObject({ enabled: v.boolean() });

export const OneUserAnswerSchema = v.strictObject({ success: v.boolean() });

export const AccessLogRowSchema = v.strictObject({
  ID: v.number(),
  at: v.pipe(v.string(), v.description('UTC timestamp.')),
  action: v.pipe(v.string(), v.description("What was done, in words: 'opened the patient page'.")),
  requests: v.pipe(
    v.number(),
    v.description("How many requests the row stands for: a screen's reads are one row."),
  ),
  route: v.pipe(
    v.nullable(v.string()),
    v.description('Method and path (of each request of the row), for medics; patients get null.'),
  ),
  status: v.number(),
  result: v.picklist(['Done', 'Refused', 'Failed']),
  by: v.strictObject({ kind: v.picklist(['medic', 'you', 'patient', 'other']), name: v.string() }),
});
