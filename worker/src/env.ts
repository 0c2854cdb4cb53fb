import type { BatchItem } from 'drizzle-orm/batch';
import type { AuditQueue } from './access-log/access-log.repo';
import type { RegistryVariable } from './contract/remotes';
import type { Db, DbBindings } from './db/client';
import type { LiveAgenda } from './services/live/live-agenda';

/** REMOTE_PATIENTS_URL, REMOTE_BUDGETS_URL, …: one per remote of the list (contract/remotes.ts). */
type RegistryVariables = { [K in RegistryVariable]?: string };

export interface Bindings extends RegistryVariables, DbBindings {
  STUDIES: R2Bucket;
  /** The access log's queue: reads send their entries, this worker's `queue` handler writes them (access-log/queue.ts). */
  AUDIT_QUEUE?: AuditQueue;
  /** The clinic's live agenda (services/live): open screens hear of changes to turns. */
  LIVE: DurableObjectNamespace<LiveAgenda>;
  ASSETS: Fetcher;
  /** 'local' only under `npm start` / tests: enables the demo seed and the dev outbox. */
  ENVIRONMENT?: string;
  /**
   * One-time secret of a new deployment: the first medic signs up with it (X-Setup-Token) and is
   * approved at once. Useless once an approved medic exists.
   */
  SETUP_TOKEN?: string;
  /** Secret mixed into every password hash. */
  PASSWORD_PEPPER?: string;
  /** Worker secret that encrypts every second-factor secret (32+ characters; local runs use a fixed one). */
  TOTP_KEY?: string;
  /** Without it, payments go through the worker's own demo checkout page. */
  STRIPE_SECRET_KEY?: string;
  /** Required when deployed; local runs fall back to a fixed demo secret. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Where the Stripe SDK sends its calls, e.g. http://127.0.0.1:4242 (the API tests' fake Stripe). */
  STRIPE_API_BASE?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** Cloudflare Email Service's `send_email` binding; locally wrangler simulates it. */
  EMAIL?: SendEmail;
  /** Sender address of every mail, on a domain onboarded to Email Service; the clinic's name is the sender name. */
  MAIL_FROM?: string;
  /** Public origin of the app, for links in e-mails and OIDC redirects; defaults to the request's. */
  APP_ORIGIN?: string;
  /**
   * Local runs only: the address `npm start` serves on (it passes `http://localhost:$PORT`), for the
   * links of mails no request sends (reminders, waitlist offers, recalls). Never the same-origin check.
   */
  LOCAL_ORIGIN?: string;
  /** Local runs only: public sign-ups one address may make an hour, instead of 20 (the end-to-end run's servers). */
  LOCAL_SIGNUPS_PER_HOUR?: string;
  /** R2 bucket of the daily encrypted database backups (services/backup); unbound: none are written. */
  BACKUPS?: R2Bucket;
  /** Secret key of the backups (32+ characters); local runs fall back to a fixed one. */
  BACKUP_KEY?: string;
  /** Days a backup is kept (default 35). */
  BACKUP_RETENTION_DAYS?: string;
}

export interface SessionUser {
  id: number;
  userType: 'Patient' | 'Medic';
  email: string;
  /** The patient record of a patient; null for medics. */
  patientId: number | null;
  medicId: number | null;
  approved: boolean;
  sessionId: string;
  /** The sign-in step this session still owes; such a session reaches only that step's routes. */
  pending: 'enrol' | 'code' | null;
}

export interface Variables {
  db: Db;
  user: SessionUser | null;
  /** Set by routes that touch one patient's clinical data, read by the audit middleware. */
  auditPatientId: number | null;
  /** The audit action of the matched route (set by the access middleware), or null when it has none. */
  auditAction: string | null;
  /** The status of the audit row a read's batch wrote (auth/access readBatch), or null when none did. */
  auditedStatus: number | null;
  /** The session's `lastSeenAt` refresh, not yet sent: it is sent after the answer, off the read's path. */
  sessionTouch: BatchItem<'sqlite'> | null;
  /**
   * The session this request's caller was taken from memory for, still to be checked against the
   * database: in the read's batch (auth/access readBatch) or before the answer (auth/session).
   */
  sessionCheck: { id: string; userId: number } | null;
  /** The patients this request's reads showed (readBatch, from their answers), for its access-log entry. */
  auditPatientIds: number[] | null;
  /** A `?validate=true` dry run that reached its handler (lib/validate): check, write nothing. */
  validateOnly?: boolean;
  /** Set first on every request (lib/request-log): the `X-Request-Id` answered and logged. */
  requestId: string;
}

export interface Env {
  Bindings: Bindings;
  Variables: Variables;
}

export const isLocal = (env: Bindings): boolean => env.ENVIRONMENT === 'local';
