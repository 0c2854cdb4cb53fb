import { createFactory } from 'hono/factory';
import { MSG } from '../../contract/messages';
import { hasStarted } from '../../contract/turns';
import { IdParamSchema } from '../../contract/validation';
import { OutcomeInputSchema } from '../../contract/waitlist';
import { findClinic } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { dryRun, dryRunPassed, jsonBody, paramsOf } from '../../lib/validate';
import { findTurn, setOutcome } from './turns.repo';

const factory = createFactory<Env>();

/**
 * `PUT /api/turns/{id}/outcome`: the desk marks a turn attended or no-show, once it has started
 * (409 before). Marking again changes the outcome (a click on the wrong button is corrected).
 */
export const putOutcome = factory.createHandlers(
  paramsOf(IdParamSchema),
  jsonBody(OutcomeInputSchema, { handlerChecks: true }),
  async (c) => {
    const { id } = c.req.valid('param');
    const { outcome } = c.req.valid('json');
    const db = c.get('db');
    const turn = await findTurn(db, id);
    if (!turn) throw new AppError('not_found', MSG.notFound);
    c.set('auditPatientId', turn.PatientID);
    const clinic = await findClinic(db);
    if (!hasStarted(turn, new Date(), clinic?.timeZone ?? 'UTC')) {
      throw new AppError('conflict', MSG.outcomeBeforeStart);
    }
    // `?validate=true`: the turn exists and has started; nothing is set.
    if (dryRun(c)) throw dryRunPassed();
    await setOutcome(db, id, outcome);
    return c.json({ ...turn, outcome }, 200);
  },
);
