import { Hono } from 'hono';
import * as v from 'valibot';
import { readerOf } from '../../auth/access';
import { ownPatientId } from '../../auth/caller';
import { MSG } from '../../contract/messages';
import { localDate } from '../../contract/turns';
import { IdParamSchema } from '../../contract/validation';
import { MyRecallSchema, RecallInputSchema, RecallSchema, RecallsQuerySchema } from '../../contract/waitlist';
import { findClinic } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { json, route } from '../../lib/route';
import { dryRun, dryRunPassed, jsonBody, paramsOf, queryOf } from '../../lib/validate';
import { findRecall, listRecalls, myRecallDue, setRecallStatus } from './recalls.repo';

/**
 * Recalls: the desk's list by tab (due this month, overdue, contacted, booked) with each patient's
 * last visit and phone; "contacted" or "dismissed" on a row. A patient reads their own due date; the desk reads one recall.
 */
export const recallsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      // Recalls: the desk's list; a patient's own due date.
      who: 'medic',
      audit: 'read recalls',
      summary: 'Recall list',
      description: '`status`: due (this month), overdue, contacted or booked.',
      success: [json(200, v.array(RecallSchema), 'By due date.')],
    }),
    queryOf(RecallsQuerySchema),
    async (c) => {
      const db = c.get('db');
      const clinic = await findClinic(db);
      const today = localDate(new Date(), clinic?.timeZone ?? 'UTC');
      return c.json(await listRecalls(db, c.req.valid('query').status, today, readerOf(c)), 200);
    },
  )
  .get(
    '/mine',
    route({
      who: 'patient',
      audit: 'read own recall',
      summary: 'My recall due date',
      success: [json(200, MyRecallSchema, 'The due date, or null.')],
    }),
    async (c) => {
      const patientId = ownPatientId(c.get('user')) ?? -1;
      c.set('auditPatientId', patientId);
      return c.json({ dueDate: await myRecallDue(c.get('db'), patientId) }, 200);
    },
  )
  .get(
    '/:id',
    route({
      who: 'medic',
      audit: 'read recall',
      summary: 'One recall',
      success: [json(200, RecallSchema, 'The recall.')],
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      const recall = await findRecall(c.get('db'), c.req.valid('param').id);
      if (!recall) throw new AppError('not_found', MSG.notFound);
      c.set('auditPatientId', recall.PatientID);
      return c.json(recall, 200);
    },
  )
  .put(
    '/:id',
    route({
      who: 'medic',
      audit: 'update recall',
      summary: 'Mark a recall contacted or dismissed',
      success: [json(200, RecallSchema, 'The recall.')],
    }),
    paramsOf(IdParamSchema),
    jsonBody(RecallInputSchema, { handlerChecks: true }),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.get('db');
      // `?validate=true`: the recall exists (404 otherwise); its status stays.
      if (dryRun(c)) {
        if (!(await findRecall(db, id))) throw new AppError('not_found', MSG.notFound);
        throw dryRunPassed();
      }
      const patientId = await setRecallStatus(db, id, c.req.valid('json').status);
      if (patientId === null) throw new AppError('not_found', MSG.notFound);
      c.set('auditPatientId', patientId);
      return c.json(await findRecall(db, id), 200);
    },
  );
