import { Hono } from 'hono';
import * as v from 'valibot';
import { MSG } from '../../contract/messages';
import { type Env, isLocal } from '../../env';
import { AppError } from '../../lib/errors';
import { pepperOf } from '../../lib/password';
import { json, route } from '../../lib/route';
import { latestOutbox } from '../../services/mail.repo';
import { seedBenchBudgets } from '../bench/budgets';
import { seedBenchRecords } from '../bench/evolutions';
import { seedBenchPatients } from '../bench/patients';
import { seedBenchTurns } from '../bench/turns';
import { demoClinicInserts } from '../demo-clinic';
import { seedDemo, seedDemoMedicOnly } from '../seed';

/** Local-only helpers: they answer 404 anywhere else. */
export const dev = new Hono<Env>()
  .use(async (c, next) => {
    if (!isLocal(c.env)) throw new AppError('not_found', MSG.notFound);
    return next();
  })
  .post(
    '/seed',
    route({
      who: 'public',
      summary: 'Local only: seed',
      success: [json(200, v.unknown(), 'Done.')],
      outside: 'Local runs only (the dev entry); a deployment has no such route.',
    }),
    async (c) => {
      // ?scope=medic: only the demo medic, no clinic (the empty-deployment end-to-end run).
      const db = c.get('db');
      const pepper = pepperOf(c.env);
      if (c.req.query('scope') === 'medic')
        return c.json({ seeded: await seedDemoMedicOnly(db, pepper) }, 200);
      // The demo accounts and the clinic around them (medics, patients, turns, budgets, records), one batch.
      const seeded = await seedDemo(db, pepper, () => demoClinicInserts(db, c.env.STUDIES, pepper));
      return c.json({ seeded }, 200);
    },
  )
  .get(
    '/outbox',
    route({
      who: 'public',
      summary: 'Local only: outbox',
      success: [json(200, v.unknown(), 'Done.')],
      outside: 'Local runs only (the dev entry); a deployment has no such route.',
    }),
    async (c) => {
      return c.json(await latestOutbox(c.get('db')), 200);
    },
  )
  // `npm run bench` (bench/api.mjs): synthetic patients for the search figures.
  .post(
    '/bench/patients',
    route({
      who: 'public',
      summary: 'Local only: bench/patients',
      success: [json(200, v.unknown(), 'Done.')],
      outside: 'Local runs only (the dev entry); a deployment has no such route.',
    }),
    async (c) => {
      const total = Math.min(Math.max(Number(c.req.query('total') ?? 100_000) || 0, 0), 200_000);
      return c.json(await seedBenchPatients(c.get('db'), total), 200);
    },
  )
  // `npm run bench` (bench/api.mjs): synthetic budgets for the budgets list figures.
  .post(
    '/bench/budgets',
    route({
      who: 'public',
      summary: 'Local only: bench/budgets',
      success: [json(200, v.unknown(), 'Done.')],
      outside: 'Local runs only (the dev entry); a deployment has no such route.',
    }),
    async (c) => {
      const total = Math.min(Math.max(Number(c.req.query('total') ?? 50_000) || 0, 0), 100_000);
      return c.json(await seedBenchBudgets(c.get('db'), total), 200);
    },
  )
  // `npm run bench` (bench/api.mjs): synthetic turns for the calendar figures.
  .post(
    '/bench/turns',
    route({
      who: 'public',
      summary: 'Local only: bench/turns',
      success: [json(200, v.unknown(), 'Done.')],
      outside: 'Local runs only (the dev entry); a deployment has no such route.',
    }),
    async (c) => {
      const total = Math.min(Math.max(Number(c.req.query('total') ?? 200_000) || 0, 0), 400_000);
      return c.json(await seedBenchTurns(c.get('db'), total), 200);
    },
  )
  // `npm run bench` (bench/api.mjs): what the patient page reads, and patients who can sign in.
  .post(
    '/bench/records',
    route({
      who: 'public',
      summary: 'Local only: bench/records',
      success: [json(200, v.unknown(), 'Done.')],
      outside: 'Local runs only (the dev entry); a deployment has no such route.',
    }),
    async (c) => {
      const perPatient = Math.min(Math.max(Number(c.req.query('evolutionsPerPatient') ?? 2) || 0, 0), 10);
      return c.json(await seedBenchRecords(c.get('db'), perPatient, pepperOf(c.env)), 200);
    },
  );
