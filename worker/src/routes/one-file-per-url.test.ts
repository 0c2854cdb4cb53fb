import type { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { ACCESS } from '../auth/access';
import type { Env } from '../env';
import { devApp } from '../index.dev';
import { dev } from '../local/dev/dev';
import { auth } from './auth/auth';
import { budgetsRoutes } from './budgets/budgets';
import { clinicalHistoriesRoutes } from './clinical-histories/clinical-histories';
import { clinicsRoutes } from './clinics/clinics';
import { emailRoutes } from './email/email';
import { evolutionsRoutes } from './evolutions/evolutions';
import { health } from './health/health';
import { medicsRoutes } from './medics/medics';
import { oidc } from './oidc/oidc';
import { password } from './password/password';
import { patients } from './patients/patients';
import { paymentsRoutes } from './payments/payments';
import { recallsRoutes } from './recalls/recalls';
import { remindersRoutes } from './reminders/reminders';
import { repliesRoutes } from './replies/replies';
import { secondFactorRoutes } from './second-factor/second-factor';
import { sessionsRoutes } from './sessions/sessions';
import { studiesRoutes } from './studies/studies';
import { tooth } from './tooth/tooth';
import { treatmentsRoutes } from './treatments/treatments';
import { turnsRoutes } from './turns/turns';
import { waitlistRoutes } from './waitlist/waitlist';

/** Each route file's sub-app, by the file that builds it. */
const SUB_APPS: Record<string, Hono<Env>> = {
  auth,
  budgets: budgetsRoutes,
  'clinical-histories': clinicalHistoriesRoutes,
  clinics: clinicsRoutes,
  dev,
  email: emailRoutes,
  evolutions: evolutionsRoutes,
  health,
  medics: medicsRoutes,
  oidc,
  password,
  patients,
  payments: paymentsRoutes,
  recalls: recallsRoutes,
  reminders: remindersRoutes,
  replies: repliesRoutes,
  'second-factor': secondFactorRoutes,
  sessions: sessionsRoutes,
  studies: studiesRoutes,
  tooth,
  treatments: treatmentsRoutes,
  turns: turnsRoutes,
  waitlist: waitlistRoutes,
};

/** Which file registered each handler (a mounted sub-app keeps its handlers as they are). */
const fileOf = new Map<unknown, string>();
for (const [file, subApp] of Object.entries(SUB_APPS)) {
  for (const r of subApp.routes) fileOf.set(r.handler, file);
}

/** The app's route handlers in registration order; middleware (`use`, method ALL) left out. */
const handlers = devApp.routes
  .filter((r) => r.method !== 'ALL')
  .map((r) => ({ key: `${r.method} ${r.path}`, path: r.path, file: fileOf.get(r.handler) ?? 'app' }));

describe('the router', () => {
  test('each resource (the first segment after /api) is handled by the sub-app of one file', () => {
    const files = new Map<string, Set<string>>();
    for (const { path, file } of handlers) {
      const resource = path.split('/').slice(0, 3).join('/');
      files.set(resource, (files.get(resource) ?? new Set()).add(file));
    }
    const shared = [...files]
      .filter(([, inFiles]) => inFiles.size > 1)
      .map(([r, inFiles]) => `${r}: ${[...inFiles]}`);
    expect(shared).toEqual([]);
  });

  test('each method and path is registered once: its handlers stand together', () => {
    const registered: string[] = [];
    for (const { key } of handlers) if (registered.at(-1) !== key) registered.push(key);
    const twice = registered.filter((key, i) => registered.indexOf(key) !== i);
    expect(twice).toEqual([]);
  });

  test('the access table names every API route the sub-apps register', () => {
    const apiKeys = new Set(handlers.filter(({ file }) => file !== 'app').map(({ key }) => key));
    expect([...apiKeys].filter((key) => !(key in ACCESS))).toEqual([]);
  });
});
