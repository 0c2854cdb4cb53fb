import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { foldStepSql } from './fold';

/** The database's clock as every `*_at` column holds it: ISO 8601 in UTC, to the millisecond. */
export const sqlNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const createdAt = () => text('created_at').notNull().default(sqlNow);
const updatedAt = () => text('updated_at').notNull().default(sqlNow);
const bool = (name: string) => integer(name, { mode: 'boolean' });
/** A column SQLite computes: one step of the accent and case fold of `source` (db/fold.ts). */
const folded = (name: string, source: string, step: number) =>
  text(name).generatedAlwaysAs(sql.raw(foldStepSql(source, step)), { mode: 'virtual' });

/** Every person who signs in: patients and medics share this record (User). */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    /** Null for patients registered by a medic and for social sign-in accounts. Scheme and parameters inside. */
    passwordHash: text('password_hash'),
    userType: text('user_type', { enum: ['Patient', 'Medic'] }).notNull(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased, accent-free "name lastname", kept for the indexed name search (searchNameOf). */
    searchName: text('search_name').notNull(),
    /** The last name lower-cased and without accents, computed by SQLite in three steps (db/fold.ts). */
    lastNameFold1: folded('last_name_fold1', '`last_name`', 0),
    lastNameFold2: folded('last_name_fold2', '`last_name_fold1`', 1),
    lastNameFolded: folded('last_name_folded', '`last_name_fold2`', 2),
    /** last_name_folded, stored by triggers (migration 0032) so the search indexes can carry it. */
    searchLastName: text('search_last_name').notNull().default(''),
    document: text('document').notNull(),
    /** 'DNI' (digits), or another document chosen explicitly: 'passport' or 'foreign' (a foreign ID). */
    documentType: text('document_type', { enum: ['DNI', 'passport', 'foreign'] })
      .notNull()
      .default('DNI'),
    /**
     * A dependant's guardian (SPEC's tutor): their user. A dependant may share the guardian's email or
     * have none (empty); their mail goes to the guardian and they never sign in themselves.
     */
    guardianUserId: integer('guardian_user_id').references((): AnySQLiteColumn => users.id, {
      onDelete: 'set null',
    }),
    street: text('street').notNull().default(''),
    number: text('number').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    birth: text('birth').notNull().default(''),
    cellphone: text('cellphone').notNull().default(''),
    telephone: text('telephone').notNull().default(''),
    imageProfile: text('image_profile'),
    /** Social sign-in accounts start incomplete until the patient fills in their data. */
    incomplete: bool('incomplete').notNull().default(false),
    /** Medics signed up by themselves wait for approval. */
    approved: bool('approved').notNull().default(true),
    oidcSubject: text('oidc_subject'),
    /** The TOTP secret, encrypted (auth/secret-box.ts); null without a second factor. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, encrypted, until its first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The time step of the last code accepted: each code is taken once. */
    totpLastStep: integer('totp_last_step'),
    /** Whether the sign-in email is proven (its mailed link used, or a reset through it). */
    emailConfirmed: bool('email_confirmed').notNull().default(true),
    /** The second factor was enrolled while the email was unconfirmed: a reset through the mailbox ends it. */
    factorUnconfirmed: bool('factor_unconfirmed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique among the accounts that sign in with it: a dependant may share the guardian's email,
    // and a patient registered at the desk may have none.
    uniqueIndex('users_email_uq').on(t.email).where(sql`${t.email} <> '' AND ${t.guardianUserId} IS NULL`),
    index('users_email_idx').on(t.email),
    index('users_guardian_idx').on(t.guardianUserId).where(sql`${t.guardianUserId} IS NOT NULL`),
    uniqueIndex('users_document_uq').on(t.document),
    uniqueIndex('users_oidc_subject_uq').on(t.oidcSubject),
    index('users_last_name_idx').on(t.lastName),
    // Patient search (routes/patients/patients.repo.ts): each index starts with user_type and carries
    // what the search sorts and counts by, so pages and counts are read from the index alone.
    index('users_patient_search_idx').on(t.userType, t.searchName, t.searchLastName),
    /** By last name, blind to case and accents: range scans of the folded last name. */
    index('users_patient_last_name_idx').on(t.userType, t.searchLastName, t.searchName),
    index('users_patient_document_idx').on(t.userType, t.document),
  ],
);

export const patients = sqliteTable(
  'patients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    medicalService: text('medical_service').notNull().default(''),
    /** Medical insurance number. */
    obraSocial: text('obra_social'),
    showClinicalHistory: bool('show_clinical_history').notNull().default(false),
    tutor: text('tutor'),
    /** Reminder mails the day before an accepted turn; the patient may switch them off. */
    reminders: bool('reminders').notNull().default(true),
    /** What the reminders' opt-out link signs; using a link moves it on, so each link works once (auth/opt-out). */
    optOutVersion: integer('opt_out_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('patients_user_uq').on(t.userId)],
);

/**
 * How many patients there are, one row kept in step with `patients` by triggers (migration
 * 0012), so the patient list's full count without a search reads one row.
 */
export const patientCount = sqliteTable('patient_count', {
  id: integer('id').primaryKey(),
  n: integer('n').notNull(),
});

export const clinics = sqliteTable('clinics', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  street: text('street').notNull().default(''),
  number: text('number').notNull().default(''),
  city: text('city').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  email: text('email').notNull().default(''),
  hours: text('hours').notNull().default(''),
  /** Hours, like turn durations (0.5 = 30 minutes). */
  turnStandardDuration: real('turn_standard_duration').notNull().default(0.5),
  /** JSON text of seven entries, Sunday first: [] closed, or [{min,max},{min,max}] in decimal hours. */
  officeHours: text('office_hours').notNull().default('[[],[],[],[],[],[],[]]'),
  /** IANA zone: "tomorrow", "24 hours away" and office hours are judged in it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** ISO 4217 code of every amount (migration 0021). */
  currency: text('currency').notNull().default('ARS'),
  /** Medics sign in with a second factor (on by default; the local demo clinic turns it off). */
  requireMedicSecondFactor: bool('require_medic_second_factor').notNull().default(true),
  /** The order people read dates in: 'mdy' (month/day/year, the default) or 'dmy' (migration 0026). */
  dateOrder: text('date_order').$type<'mdy' | 'dmy'>().notNull().default('mdy'),
  /** Minutes a freed start waits before it is offered, how long an offer holds, how many each round. */
  waitlistGraceMinutes: integer('waitlist_grace_minutes').notNull().default(3),
  waitlistHoldMinutes: integer('waitlist_hold_minutes').notNull().default(15),
  waitlistBatch: integer('waitlist_batch').notNull().default(3),
  /** The least share of a budget a patient may pay online as a deposit; 100: no deposits (migration 0029). */
  minDepositPercent: integer('min_deposit_percent').notNull().default(100),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const medics = sqliteTable(
  'medics',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id').notNull().default(1),
    doctorTitle: text('doctor_title').notNull().default(''),
    doctorSpecialization: text('doctor_specialization').notNull().default(''),
    doctorTuitionDate: text('doctor_tuition_date').notNull().default(''),
    doctorTuitionNumber: integer('doctor_tuition_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('medics_user_uq').on(t.userId)],
);

export const treatments = sqliteTable(
  'treatments',
  {
    /** The clinic's treatment code, e.g. '0101' for the consultation. */
    id: text('id').primaryKey(),
    clinicId: integer('clinic_id').notNull().default(1),
    treatmentType: text('treatment_type').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** "type description" lower-cased and without accents, for the price list's search (db/fold.ts). */
    searchTextFold1: folded('search_text_fold1', "`treatment_type` || ' ' || `description`", 0),
    searchTextFold2: folded('search_text_fold2', '`search_text_fold1`', 1),
    searchText: folded('search_text', '`search_text_fold2`', 2),
    /** A visit with this treatment brings the patient back after this many months (null: never). */
    recallMonths: integer('recall_months'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('treatments_clinic_idx').on(t.clinicId, t.id)],
);

export const turns = sqliteTable(
  'turns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    date: text('date').notNull(),
    /** Decimal hours, 9.5 = 09:30. */
    time: real('time').notNull(),
    /** Hours. */
    duration: real('duration').notNull(),
    description: text('description').notNull().default(''),
    medicAccepts: bool('medic_accepts').notNull().default(false),
    patientAccepts: bool('patient_accepts').notNull().default(false),
    medicId: integer('medic_id').notNull().default(1),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    isConsultation: bool('is_consultation').notNull().default(false),
    /** How the patient's acceptance was given: 'patient', or 'phone' / 'desk' by a medic for them (migration 0026). */
    confirmedBy: text('confirmed_by').$type<'patient' | 'phone' | 'desk'>(),
    /** The medic who confirmed for the patient ('phone' / 'desk'); null otherwise (migration 0038). */
    confirmedByMedicId: integer('confirmed_by_medic_id'),
    /** Left outside the office hours by a change of hours: 'kept' (marked) or 'needs-moving' (migration 0026). */
    hoursFlag: text('hours_flag').$type<'kept' | 'needs-moving'>(),
    /** 'attended' | 'no-show', set by the desk once the turn has started; null until then. */
    outcome: text('outcome'),
    /** The patient confirmed from the reminder's link. */
    patientConfirmed: bool('patient_confirmed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('turns_date_idx').on(t.date, t.time), index('turns_patient_idx').on(t.patientId, t.date)],
);

/**
 * How many turns each date holds, kept in step with `turns` by triggers (migration 0011): a
 * month's total and where its later pages start, without stepping over every turn.
 */
export const turnDays = sqliteTable('turn_days', {
  date: text('date').primaryKey(),
  n: integer('n').notNull(),
  /** A new random number at every change to a turn of the day (migration 0037): a page's stamp. */
  v: integer('v').notNull().default(0),
});

/**
 * One random number, new at every change to what the calendar shows of its patients (migration
 * 0037): with the days' `v`, the stamp of a calendar page (routes/turns/page-cache.repo.ts).
 */
export const calendarEpoch = sqliteTable('calendar_epoch', {
  id: integer('id').primaryKey(),
  v: integer('v').notNull(),
});

export const budgets = sqliteTable(
  'budgets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    discountCents: integer('discount_cents'),
    /** A discount given in percent (migration 0039); null for an amount or none. */
    discountPercent: real('discount_percent'),
    totalCents: integer('total_cents').notNull(),
    paid: bool('paid').notNull().default(false),
    linkPayment: text('link_payment'),
    idPayment: text('id_payment'),
    /** Set on the consultation budget a '#consult' turn creates. */
    turnId: integer('turn_id'),
    /**
     * A copy of the patient's search name, kept in step by triggers (migration 0013): the list
     * sorted by patient name walks the budgets in this order.
     */
    patientName: text('patient_name').notNull().default(''),
    /**
     * What its payments add up to (migration 0029; refunds are not taken off since 0040: they give
     * money back without putting it back on the bill); paid when it reaches the total.
     */
    paidCents: integer('paid_cents').notNull().default(0),
    /** The amount the current Checkout Session (idPayment) was made for: the webhook must match it. */
    checkoutCents: integer('checkout_cents'),
    /** The quote holds until this date (YYYY-MM-DD), when the medic sets one. */
    validUntil: text('valid_until'),
    /** Set when a budget nobody has paid is voided, with the reason. */
    voidedAt: text('voided_at'),
    voidReason: text('void_reason'),
    /** ISO 4217 code the budget was made in: the clinic's currency then (migration 0043). */
    currency: text('currency').notNull().default('ARS'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A patient's budgets, and a search's matching patients' budgets, paid or not and by date,
    // read from the index alone (bench/api.mjs, budgetsSearchName).
    index('budgets_patient_paid_created_idx').on(t.patientId, t.paid, t.createdAt),
    index('budgets_paid_created_idx').on(t.paid, t.createdAt),
    index('budgets_created_idx').on(t.createdAt),
    index('budgets_total_idx').on(t.totalCents),
    // The budgets list sorted by amount within paid or unpaid (sort and filter in SQL).
    index('budgets_paid_total_idx').on(t.paid, t.totalCents),
    // ... and by patient name (the copy above).
    index('budgets_patient_name_idx').on(t.patientName),
    index('budgets_paid_patient_name_idx').on(t.paid, t.patientName),
    // The calendar joins each turn to its consultation budget.
    index('budgets_turn_idx').on(t.turnId),
    // The voided budgets alone (few): the unpaid count leaves them out (migration 0042).
    index('budgets_voided_idx').on(t.paid).where(sql`${t.voidedAt} IS NOT NULL`),
  ],
);

/**
 * How many budgets are unpaid (paid 0) and paid (paid 1), kept in step with `budgets` by triggers
 * (migration 0010), so the list's full count without a search reads one row per state.
 */
export const budgetCounts = sqliteTable('budget_counts', {
  paid: integer('paid').primaryKey(),
  n: integer('n').notNull(),
});

export const budgetLines = sqliteTable(
  'budget_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    treatmentId: text('treatment_id').notNull(),
    treatmentType: text('treatment_type').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    subTotalCents: integer('sub_total_cents').notNull(),
    /** The tooth the line is for (FDI), when it is for one. */
    toothId: integer('tooth_id'),
  },
  (t) => [index('budget_lines_budget_idx').on(t.budgetId)],
);

/**
 * A budget's payments and refunds (migration 0029): online (the webhook), at the desk (cash, card,
 * transfer), from the patient's credit; a refund names the payment it gives back, to the card or
 * as a credit kept for the patient's next budget.
 */
export const budgetPayments = sqliteTable(
  'budget_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    refundOf: integer('refund_of'),
    sessionId: text('session_id'),
    byUserId: integer('by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('budget_payments_budget_idx').on(t.budgetId),
    index('budget_payments_refund_of_idx').on(t.refundOf),
  ],
);

/** Signed payment events the webhook refused (no such budget, or amount, currency or session not matching). */
export const paymentRefusals = sqliteTable('payment_refusals', {
  eventId: text('event_id').primaryKey(),
  budgetId: integer('budget_id'),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/** FDI two-digit numbering: quadrant (zone) and position 1-8. */
export const teeth = sqliteTable('teeth', {
  id: integer('id').primaryKey(),
  zone: text('zone').notNull(),
  position: integer('position').notNull(),
});

export const evolutions = sqliteTable(
  'evolutions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    date: text('date').notNull(),
    observations: text('observations').notNull(),
    medicId: integer('medic_id')
      .notNull()
      .references(() => medics.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    treatmentId: text('treatment_id').references(() => treatments.id),
    toothId: integer('tooth_id').references(() => teeth.id),
    createdAt: createdAt(),
  },
  (t) => [index('evolutions_patient_idx').on(t.patientId, t.date)],
);

/** The teeth of a visit note, each with the surfaces worked on ('OM': any of M, O, D, B, L). */
export const evolutionTeeth = sqliteTable(
  'evolution_teeth',
  {
    evolutionId: integer('evolution_id')
      .notNull()
      .references(() => evolutions.id, { onDelete: 'cascade' }),
    toothId: integer('tooth_id')
      .notNull()
      .references(() => teeth.id),
    surfaces: text('surfaces').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.evolutionId, t.toothId] })],
);

export const studies = sqliteTable(
  'studies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    studyType: text('study_type', { enum: ['laboratory', 'complementary'] }).notNull(),
    description: text('description'),
    /** R2 object key in the STUDIES bucket; the API streams it after an access check. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** An https link to a study kept elsewhere (SPEC's JSON body); never fetched by the server. */
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('studies_patient_idx').on(t.patientId)],
);

const yesNo = (name: string) => bool(name).notNull().default(false);
const other = (name: string) => text(name).notNull().default('');

export const clinicalHistories = sqliteTable(
  'clinical_histories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    b_smoker: yesNo('b_smoker'),
    b_useDrugs: yesNo('b_use_drugs'),
    b_pregnant: yesNo('b_pregnant'),
    b_takeMedicine: yesNo('b_take_medicine'),
    b_sufferedFromIllness: yesNo('b_suffered_from_illness'),
    b_alergicToMedicine: yesNo('b_alergic_to_medicine'),
    b_normalWoundHealing: yesNo('b_normal_wound_healing'),
    b_other: other('b_other'),
    ic_anginaPectoris: yesNo('ic_angina_pectoris'),
    ic_myocardialInfarction: yesNo('ic_myocardial_infarction'),
    ic_hypertension: yesNo('ic_hypertension'),
    ic_vascularAffections: yesNo('ic_vascular_affections'),
    ic_other: other('ic_other'),
    ih_anemia: yesNo('ih_anemia'),
    ih_leukemia: yesNo('ih_leukemia'),
    ih_haemophilia: yesNo('ih_haemophilia'),
    ih_alterationWhiteSerie: yesNo('ih_alteration_white_serie'),
    ih_other: other('ih_other'),
    ir_asthma: yesNo('ir_asthma'),
    ir_pulmonaryEdema: yesNo('ir_pulmonary_edema'),
    ir_ephysemia: yesNo('ir_ephysemia'),
    ir_tuberculosis: yesNo('ir_tuberculosis'),
    ir_chronicBronchitis: yesNo('ir_chronic_bronchitis'),
    ir_other: other('ir_other'),
    ig_ulcer: yesNo('ig_ulcer'),
    ig_hepatitis: yesNo('ig_hepatitis'),
    ig_cirrohsis: yesNo('ig_cirrohsis'),
    ig_other: other('ig_other'),
    in_epilepsy: yesNo('in_epilepsy'),
    in_useOfTranquilizers: yesNo('in_use_of_tranquilizers'),
    in_seizures: yesNo('in_seizures'),
    in_other: other('in_other'),
    ib_osteoporosis: yesNo('ib_osteoporosis'),
    ib_paget: yesNo('ib_paget'),
    ib_rickets: yesNo('ib_rickets'),
    ib_osteomalacia: yesNo('ib_osteomalacia'),
    ib_other: other('ib_other'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clinical_histories_patient_uq').on(t.patientId)],
);

/** Every version of a patient's clinical history (the first included), with who wrote it and when. */
export const clinicalHistoryVersions = sqliteTable(
  'clinical_history_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The answers as JSON (conditions true/false, the 'other' texts). */
    answers: text('answers').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clinical_history_versions_patient_uq').on(t.patientId, t.version)],
);

/** Sessions are looked up by the SHA-256 of the token; the token itself is never stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    /** The browser's User-Agent at sign-in, for the Sessions list. */
    userAgent: text('user_agent').notNull().default(''),
    /** CF-IPCountry at sign-in when deployed; '' locally. */
    place: text('place').notNull().default(''),
    /** The sign-in step still owed: 'enrol' a second factor, or give its 'code'; null when complete. */
    pending: text('pending', { enum: ['enrol', 'code'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time recovery codes of a second factor, stored hashed. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    /** The address the token was mailed to; it works only while the account still has it (0015). */
    email: text('email').notNull().default(''),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Mailed links that prove an address: a sign-up's (`signup`, the account's own email) and an email
 * change's (`change`, the new address, which becomes the account's only when its link is used).
 * Only the SHA-256 of the token is kept; one use, until `expiresAt` (migration 0035).
 */
export const emailConfirmations = sqliteTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['signup', 'change'] }).notNull(),
    /** An email change: the session that asked, which stays when the change takes effect. */
    sessionId: text('session_id'),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);

/** Fixed-window counters for login and reset attempts, shared by every isolate. */
/**
 * The first 2xx answer of a write sent with an `Idempotency-Key` (services/idempotency/idempotent.ts), by user,
 * method, path and key; `status` 0 while that first request is under way (migration 0041).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    id: text('id').primaryKey(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    etag: text('etag'),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

export const outbox = sqliteTable('outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The iCalendar invitation the mail carried, if any (migration 0026). */
  calendar: text('calendar'),
  /** The file the mail carried, if any: its name and its bytes as base64 (migration 0033). */
  attachmentName: text('attachment_name'),
  attachment: text('attachment'),
  createdAt: createdAt(),
});

/**
 * Reminders already sent: the unique (turn, date, time) key makes each go out once, and a moved
 * turn gets its own. Written before the mail is handed over, removed again if handing it over fails.
 */
export const turnReminders = sqliteTable(
  'turn_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    turnId: integer('turn_id').notNull(),
    date: text('date').notNull(),
    time: real('time').notNull(),
    sentAt: text('sent_at').notNull().default(sqlNow),
  },
  (t) => [uniqueIndex('turn_reminders_turn_slot_uq').on(t.turnId, t.date, t.time)],
);

/** Daily agendas mailed to medics: the unique (medic, date) key sends each one once. */
export const medicAgendas = sqliteTable(
  'medic_agendas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    medicId: integer('medic_id').notNull(),
    date: text('date').notNull(),
    sentAt: text('sent_at').notNull().default(sqlNow),
  },
  (t) => [uniqueIndex('medic_agendas_medic_date_uq').on(t.medicId, t.date)],
);

/** Append-only (the database refuses UPDATE and DELETE, migration 0008): who did what to which patient's clinical data, and how it ended. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull().default(sqlNow),
    userId: integer('user_id'),
    action: text('action').notNull(),
    patientId: integer('patient_id'),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    /** A list's patients, as a JSON array of IDs (one row per list); a trigger indexes them (`audit_log_patients`). */
    patientIds: text('patient_ids'),
    /** The request it logs: the queue may deliver an entry twice, the second copy is ignored (migration 0030). */
    requestId: text('request_id'),
    /** The screen view the request belonged to (`X-Screen-View`: screen path and a random id), if any. */
    view: text('view'),
  },
  (t) => [
    index('audit_log_patient_idx').on(t.patientId, t.at),
    uniqueIndex('audit_log_request_id_uq').on(t.requestId),
  ],
);

/** Each distinct list of patients the audit log holds, kept once (migration 0024). */
export const auditLists = sqliteTable(
  'audit_lists',
  {
    // Not AUTOINCREMENT: that would cost every audit row's INSERT a scan of sqlite_sequence.
    id: integer('id').primaryKey(),
    /** The `patient_ids` of the audit rows that showed this list. */
    patientIds: text('patient_ids').notNull(),
  },
  (t) => [uniqueIndex('audit_lists_patient_ids_uq').on(t.patientIds)],
);

/** A list's patients, written by a trigger when the list is first logged (migration 0024). */
export const auditListPatients = sqliteTable(
  'audit_list_patients',
  {
    patientId: integer('patient_id').notNull(),
    listId: integer('list_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.listId] })],
);

/** Which list each list row of the audit log showed, written by a trigger (migration 0024). */
export const auditLogLists = sqliteTable(
  'audit_log_lists',
  {
    listId: integer('list_id').notNull(),
    auditId: integer('audit_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.auditId] })],
);

/**
 * Which patients each list row of the audit log showed, for a patient's access log: a view over
 * the two tables above (migration 0024; a table in 0016), so a list is indexed once, not per read.
 */
export const auditLogPatients = sqliteView('audit_log_patients', {
  patientId: integer('patient_id').notNull(),
  auditId: integer('audit_id').notNull(),
}).existing();

/** Stripe event ids already applied: the unique key makes each webhook take effect once. */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  budgetId: integer('budget_id'),
  processedAt: text('processed_at').notNull().default(sqlNow),
});

/** PKCE verifier and nonce of a social sign-in in flight, keyed by its state. */
export const oidcStates = sqliteTable('oidc_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: integer('created_at').notNull(),
});

/** A cancelled turn's record (the turn itself is deleted): who, when, how far ahead, late or not. */
export const turnCancellations = sqliteTable(
  'turn_cancellations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    turnId: integer('turn_id').notNull(),
    patientId: integer('patient_id').notNull(),
    medicId: integer('medic_id').notNull(),
    date: text('date').notNull(),
    time: real('time').notNull(),
    duration: real('duration').notNull(),
    /** 'patient' | 'medic' | 'link' (the patient, from the reminder's Cancel link). */
    cancelledBy: text('cancelled_by').notNull(),
    byUserId: integer('by_user_id'),
    cancelledAt: text('cancelled_at').notNull().default(sqlNow),
    hoursAhead: real('hours_ahead').notNull(),
    late: bool('late').notNull(),
  },
  (t) => [index('turn_cancellations_at_idx').on(t.cancelledAt)],
);

/** Uses of a turn's Confirm and Cancel links: each works once per date and time of the turn. */
export const turnReplies = sqliteTable(
  'turn_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    turnId: integer('turn_id').notNull(),
    action: text('action').notNull(),
    date: text('date').notNull(),
    time: real('time').notNull(),
    usedAt: text('used_at').notNull().default(sqlNow),
  },
  (t) => [uniqueIndex('turn_replies_uq').on(t.turnId, t.action, t.date, t.time)],
);

/** Patients waiting for an earlier turn in a window of dates, weekdays and part of the day. */
export const waitlist = sqliteTable(
  'waitlist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    /** JSON array of weekdays, 0 = Sunday. */
    days: text('days').notNull().default('[0,1,2,3,4,5,6]'),
    part: text('part').notNull().default('any'),
    duration: real('duration'),
    bookedTurnId: integer('booked_turn_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_window_idx').on(t.toDate, t.fromDate),
    index('waitlist_patient_idx').on(t.patientId),
  ],
);

/** A start that fits nobody's turn any more, offered to the waitlist after the grace. */
export const freedSlots = sqliteTable(
  'freed_slots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    date: text('date').notNull(),
    time: real('time').notNull(),
    duration: real('duration').notNull(),
    medicId: integer('medic_id').notNull(),
    freedAt: text('freed_at').notNull().default(sqlNow),
    nextAt: text('next_at').notNull(),
    status: text('status').notNull().default('pending'),
    round: integer('round').notNull().default(0),
    turnId: integer('turn_id'),
  },
  (t) => [index('freed_slots_due_idx').on(t.status, t.nextAt)],
);

/** One offer of a freed start to one waitlist entry; the mailed token is stored as its SHA-256. */
export const waitlistOffers = sqliteTable(
  'waitlist_offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slotId: integer('slot_id').notNull(),
    entryId: integer('entry_id').notNull(),
    patientId: integer('patient_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentAt: text('sent_at').notNull().default(sqlNow),
    expiresAt: text('expires_at').notNull(),
    state: text('state').notNull().default('sent'),
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_uq').on(t.tokenHash),
    uniqueIndex('waitlist_offers_slot_entry_uq').on(t.slotId, t.entryId),
    index('waitlist_offers_entry_idx').on(t.entryId),
  ],
);

/** A patient's recall due date, from a visit with a treatment that carries a recall interval. */
export const recalls = sqliteTable(
  'recalls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    dueDate: text('due_date').notNull(),
    lastVisit: text('last_visit').notNull(),
    /** 'open' | 'contacted' | 'dismissed' | 'booked'. */
    status: text('status').notNull().default('open'),
    mailedAt: text('mailed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recalls_patient_uq').on(t.patientId),
    index('recalls_due_idx').on(t.status, t.dueDate),
  ],
);

/**
 * The reports' figures per month and medic (migration 0034), kept in step by triggers on turns,
 * turn_cancellations, freed_slots, patients, budgets and budget_payments: a 12-month report reads
 * a few dozen rows. medic_id 0 holds the figures of no medic (budgets, payments, new patients).
 */
export const reportMonths = sqliteTable(
  'report_months',
  {
    /** YYYY-MM. */
    month: text('month').notNull(),
    medicId: integer('medic_id').notNull(),
    billedCents: integer('billed_cents').notNull().default(0),
    budgets: integer('budgets').notNull().default(0),
    budgetsPaid: integer('budgets_paid').notNull().default(0),
    collectedCents: integer('collected_cents').notNull().default(0),
    turns: integer('turns').notNull().default(0),
    attended: integer('attended').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
    bookedMinutes: integer('booked_minutes').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    lateCancelled: integer('late_cancelled').notNull().default(0),
    refilled: integer('refilled').notNull().default(0),
    newPatients: integer('new_patients').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.medicId] })],
);

/**
 * The report's money per month and currency (migration 0043), kept by triggers on budgets and
 * budget_payments: a budget keeps the currency it was made in, and amounts of two currencies are
 * never added up.
 */
export const reportMoney = sqliteTable(
  'report_money',
  {
    /** YYYY-MM. */
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    billedCents: integer('billed_cents').notNull().default(0),
    collectedCents: integer('collected_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.currency] })],
);
