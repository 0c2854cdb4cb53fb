import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { enforceAccess } from './auth/access';
import { loadSessionUser } from './auth/session';
import { MSG } from './contract/messages';
import { withDatabase } from './db/replica-reads';
import type { Env } from './env';
import { servePage } from './lib/app-page';
import { AppError, errorResponse, onError } from './lib/errors';
import { apiHeaders, headers, jsonBodies, limitBody, loopbackOnly, sameOrigin } from './lib/http';
import { registryOverrides, remotesJson, setRegistryOverrides } from './lib/remotes';
import { requestLog } from './lib/request-log';
import { matchedDeclaration } from './lib/route';
import { refuseUnknownDryRun } from './lib/validate';
import { auth } from './routes/auth/auth';
import { budgetsRoutes } from './routes/budgets/budgets';
import { clinicalHistoriesRoutes } from './routes/clinical-histories/clinical-histories';
import { clinicsRoutes } from './routes/clinics/clinics';
import { apiDocs } from './routes/docs/docs';
import { emailRoutes } from './routes/email/email';
import { evolutionsRoutes } from './routes/evolutions/evolutions';
import { health } from './routes/health/health';
import { medicsRoutes } from './routes/medics/medics';
import { oidc } from './routes/oidc/oidc';
import { password } from './routes/password/password';
import { patients } from './routes/patients/patients';
import { paymentsRoutes } from './routes/payments/payments';
import { recallsRoutes } from './routes/recalls/recalls';
import { remindersRoutes } from './routes/reminders/reminders';
import { repliesRoutes } from './routes/replies/replies';
import { reportsRoutes } from './routes/reports/reports';
import { secondFactorRoutes } from './routes/second-factor/second-factor';
import { sessionsRoutes } from './routes/sessions/sessions';
import { studiesRoutes } from './routes/studies/studies';
import { tooth } from './routes/tooth/tooth';
import { treatmentsRoutes } from './routes/treatments/treatments';
import { turnsRoutes } from './routes/turns/turns';
import { waitlistRoutes } from './routes/waitlist/waitlist';
import { idempotent } from './services/idempotency/idempotent';

/** Runs `work` once the answer has left (the platform keeps the worker alive for it); its failure is logged. */
function afterAnswer(c: Context<Env>, work: PromiseLike<unknown>): void {
  const done = Promise.resolve(work).catch((err: unknown) =>
    console.error(
      JSON.stringify({ type: 'after-answer', requestId: c.get('requestId'), error: String(err) }),
    ),
  );
  try {
    c.executionCtx.waitUntil(done);
  } catch {
    // no execution context (a direct app.request in a unit test): it simply runs on
  }
}

/** The API: shared middleware first, then one sub-app per resource. */
const api = new Hono<Env>()
  .use(apiHeaders, headers, limitBody, sameOrigin, jsonBodies, withDatabase)
  .use(async (c, next) => {
    c.set('auditPatientId', null);
    c.set('auditAction', null);
    c.set('auditedStatus', null);
    c.set('sessionTouch', null);
    c.set('auditPatientIds', null);
    // A signed-in read's session may be checked in the read's own batch (auth/session).
    const rule = matchedDeclaration(c)?.declaration;
    c.set('user', await loadSessionUser(c, !!rule && rule.who !== 'public' && !rule.pending));
    try {
      await next();
    } finally {
      // The session's idle-time refresh (at most once every few minutes) goes after the answer,
      // off the read's path: the answer never waits for it.
      const touch = c.get('sessionTouch');
      c.set('sessionTouch', null);
      if (touch) afterAnswer(c, touch as unknown as PromiseLike<unknown>);
    }
  })
  .use(enforceAccess, refuseUnknownDryRun, idempotent)
  .route('/health', health)
  .route('/', auth)
  // Accounts: password, social sign-in (sign-up answers on POST /patients and /medics).
  .route('/password', password)
  .route('/email', emailRoutes)
  .route('/auth/oidc', oidc)
  .route('/second-factor', secondFactorRoutes)
  .route('/sessions', sessionsRoutes)
  .route('/Clinics', clinicsRoutes)
  .route('/treatments', treatmentsRoutes)
  .route('/medics', medicsRoutes)
  // Patients and clinical records
  .route('/patients', patients)
  .route('/clinicalhistories', clinicalHistoriesRoutes)
  .route('/evolutions', evolutionsRoutes)
  .route('/studies', studiesRoutes)
  .route('/tooth', tooth)
  // Turns: the calendar and the patients' appointment requests.
  .route('/turns', turnsRoutes)
  .route('/reminders', remindersRoutes)
  // Fewer empty chairs: replies from the reminder, the waitlist and its offers, recalls.
  .route('/replies', repliesRoutes)
  .route('/waitlist', waitlistRoutes)
  .route('/recalls', recallsRoutes)
  // Budgets and payments
  .route('/Budgets', budgetsRoutes)
  .route('/payments', paymentsRoutes)
  // How the clinic is doing: the monthly figures.
  .route('/reports', reportsRoutes);

/** Paths of built files (bundles, styles, manifests, maps…): only navigations fall back to the app. */
const MISSING_FILE = /^\/(?:static|mf)\/|\.(?:js|mjs|css|map|json|wasm|woff2?|png|svg|ico|txt|webmanifest)$/;

/**
 * The whole worker: the API under /api, the remotes registry, the static assets. `local` holds
 * routes mounted under /api/dev only by the dev entry (`src/index.dev.ts`: the demo seed, the
 * outbox, bench data), and `measure` the dev entry's count of D1 rows and round trips, so the
 * production entry (`src/index.ts`) bundles none of their code.
 */
export function createApp(local?: Hono<Env>, measure?: MiddlewareHandler<Env>) {
  const withLocal: Hono<Env> = new Hono<Env>();
  // Before the API's own middleware, so the count sees the database the request opens.
  if (measure) withLocal.use(measure);
  withLocal.route('/', api).route(
    '/',
    apiDocs(() => withLocal),
  );
  if (local) withLocal.route('/dev', local);
  // Non-strict routing: a path with a trailing slash (`/api/patients/?email=`) answers like the one
  // without, through the same route, so each route keeps one declaration.
  const root = new Hono<Env>({ strict: false })
    .use(requestLog)
    .use(loopbackOnly)
    .route('/api', withLocal)
    .get('/mf/remotes.json', (c) => {
      c.header('Cache-Control', 'no-cache');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.json(remotesJson(c.env, new URL(c.req.url).origin, registryOverrides(c)), 200);
    })
    // Local runs only: point this browser's registry at a remote's dev server (docs/remotes.md).
    .get('/mf/dev', setRegistryOverrides)
    // /api/*, the registry and the root page reach the worker first; any other path reaches it only
    // when no built file has that name (wrangler.jsonc, assets).
    .all('*', (c) => {
      const { pathname } = new URL(c.req.url);
      if (pathname.startsWith('/api')) {
        return errorResponse(c, new AppError('not_found', MSG.notFound));
      }
      // A file the build does not have (an old bundle's hash, a typo) is a 404, never the app's
      // index.html under a script's name and its year-long cache.
      if (MISSING_FILE.test(pathname)) return c.text('Not Found', 404, { 'Cache-Control': 'no-store' });
      return servePage(c);
    });
  root.onError(onError);
  root.notFound((c) => errorResponse(c, new AppError('not_found', MSG.notFound)));
  return root;
}

/** The production worker: no local-only routes. */
export const app = createApp();

export type AppType = typeof api;
