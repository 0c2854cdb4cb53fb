import { Hono } from 'hono';
import { enforceAccess } from './auth/access';
import { loadSessionUser } from './auth/session';
import { MSG } from './contract/messages';
import { openDb } from './db/client';
import type { Env } from './env';
import { AppError, errorResponse, onError } from './lib/errors';
import { apiHeaders, headers, jsonBodies, limitBody, loopbackOnly, sameOrigin } from './lib/http';
import { remotesJson } from './lib/remotes';
import { accounts } from './routes/accounts/accounts';
import { audit } from './routes/audit/audit';
import { auth } from './routes/auth/auth';
import { budgetsRoutes } from './routes/budgets/budgets';
import { clinicalHistoriesRoutes } from './routes/clinical-histories/clinical-histories';
import { clinicsRoutes } from './routes/clinics/clinics';
import { dev } from './routes/dev/dev';
import { evolutionsRoutes } from './routes/evolutions/evolutions';
import { health } from './routes/health/health';
import { medicsRoutes } from './routes/medics/medics';
import { oidc } from './routes/oidc/oidc';
import { password } from './routes/password/password';
import { patients } from './routes/patients/patients';
import { paymentsRoutes } from './routes/payments/payments';
import { studiesRoutes } from './routes/studies/studies';
import { tooth } from './routes/tooth/tooth';
import { treatmentsRoutes } from './routes/treatments/treatments';
import { turnsRoutes } from './routes/turns/turns';

/** The API: shared middleware first, then one sub-app per resource. */
const api = new Hono<Env>()
  .use(apiHeaders, headers, limitBody, sameOrigin, jsonBodies)
  .use(async (c, next) => {
    c.set('db', openDb(c.env));
    c.set('auditPatientId', null);
    c.set('user', await loadSessionUser(c));
    return next();
  })
  .use(enforceAccess)
  .route('/health', health)
  .route('/', auth)
  .route('/dev', dev)
  // Accounts (issue 3): sign-up (POST /patients and /medics without a session), password, social sign-in.
  .route('/', accounts)
  .route('/password', password)
  .route('/auth/oidc', oidc)
  .route('/patients', audit)
  .route('/Clinics', clinicsRoutes)
  .route('/treatments', treatmentsRoutes)
  .route('/medics', medicsRoutes)
  // Patients and clinical records (issue 4). Sign-up's POST /patients handler may sit before this one.
  .route('/patients', patients)
  .route('/clinicalhistories', clinicalHistoriesRoutes)
  .route('/evolutions', evolutionsRoutes)
  .route('/studies', studiesRoutes)
  .route('/tooth', tooth)
  // Turns: the calendar and the patients' appointment requests.
  .route('/turns', turnsRoutes)
  // Budgets and payments
  .route('/Budgets', budgetsRoutes)
  .route('/payments', paymentsRoutes);

export const app = new Hono<Env>()
  .use(loopbackOnly)
  .route('/api', api)
  .get('/mf/remotes.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.json(remotesJson(c.env, new URL(c.req.url).origin), 200);
  })
  // Only /api/* and the registry reach the worker first; anything else falls to the static assets.
  .all('*', (c) => {
    if (new URL(c.req.url).pathname.startsWith('/api')) {
      return errorResponse(c, new AppError('not_found', MSG.notFound));
    }
    return c.env.ASSETS.fetch(c.req.raw);
  });

app.onError(onError);
app.notFound((c) => errorResponse(c, new AppError('not_found', MSG.notFound)));

export type AppType = typeof api;
