import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { ownPatientId } from '../../auth/caller';
import {
  type BudgetCreate,
  BudgetCreateSchema,
  BudgetsQuerySchema,
  BudgetUpdateSchema,
} from '../../contract/budgets';
import { IdParamSchema } from '../../contract/validation';
import type { Env } from '../../env';
import { assertFresh, versioned } from '../../lib/etag';
import { appOrigin } from '../../lib/http';
import { setTotal } from '../../lib/total';
import { dryRun, jsonBody, paramsOf, queryOf } from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { paidConsultationNotice } from '../turns/turns.repo';
import { createBudget, priceBudget } from './budget-lines.repo';
import { updateBudget } from './budget-payment.repo';
import { listBudgets } from './budget-search.repo';
import { getBudget } from './budgets.repo';
import { createBudgetWithLink } from './payment-link';

/** `?validate=true`: every check of a new budget (`priceBudget`), nothing written. */
const checkOnly = createMiddleware<Env>(async (c, next) => {
  if (!dryRun(c)) return next();
  // the body as jsonBody validated it (its output: lines parsed, amounts in units)
  await priceBudget(c.get('db'), c.req.valid('json' as never) as BudgetCreate);
  return c.json({ errors: {} }, 200);
});

/**
 * /Budgets: medics build and settle budgets; a patient reads their own (the portal's Payments). A
 * patient's own ID limits every read; a medic's reads are not limited (null).
 */
export const budgetsRoutes = new Hono<Env>()
  .get('/', queryOf(BudgetsQuerySchema), async (c) => {
    const patientId = ownPatientId(c.get('user'));
    if (patientId !== null) assertPatientAccess(c, patientId);
    // The page, its count and its access-log row (the page's patients) go as one batch.
    const page = await listBudgets(c.get('db'), c.req.valid('query'), patientId, readerOf(c));
    setTotal(c, page);
    return c.json(page.rows, 200);
  })
  .get('/:id', paramsOf(IdParamSchema), async (c) => {
    // Someone else's budget is the same 404 as a missing one.
    const budget = await getBudget(c.get('db'), c.req.valid('param').id, ownPatientId(c.get('user')));
    assertPatientAccess(c, budget.PatientID);
    return c.json(versioned(c, budget), 200);
  })
  .post('/', jsonBody(BudgetCreateSchema, { handlerChecks: true }), checkOnly, async (c) => {
    const { withPaymentLink, ...input } = c.req.valid('json');
    c.set('auditPatientId', input.PatientID);
    const db = c.get('db');
    // The builder asks for the budget and its payment link in one call that does all or nothing.
    const budget = withPaymentLink
      ? await createBudgetWithLink(db, c.env, input, appOrigin(c))
      : await createBudget(db, input);
    return c.json(budget, 201);
  })
  .put('/', jsonBody(BudgetUpdateSchema), async (c) => {
    const { ID, ...change } = c.req.valid('json');
    const db = c.get('db');
    await assertFresh(c, () => getBudget(db, ID, null));
    const budget = await updateBudget(db, ID, change);
    c.set('auditPatientId', budget.PatientID);
    if (change.paid) await announceTurns(c, () => paidConsultationNotice(db, ID));
    return c.json(versioned(c, budget), 200);
  });
