import { Hono } from 'hono';
import { readerOf } from '../../auth/access';
import { MSG } from '../../contract/messages';
import {
  TreatmentCreateSchema,
  TreatmentPercentSchema,
  TreatmentPriceSchema,
  TreatmentsQuerySchema,
} from '../../contract/treatments';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { setTotal } from '../../lib/total';
import { jsonBody, queryOf } from '../../lib/validate';
import {
  changePricesBy,
  consultationPrice,
  createTreatment,
  listTreatments,
  updateTreatmentPrice,
} from './treatments.repo';

/** The clinic's price list (/treatments): medics only see and edit prices. */
export const treatmentsRoutes = new Hono<Env>()
  // What a consultation costs, for anyone signed in: a patient sees the price before requesting one.
  .get('/consultation', async (c) => c.json(await consultationPrice(c.get('db')), 200))
  .get('/', queryOf(TreatmentsQuerySchema), async (c) => {
    const { rows, total } = await listTreatments(c.get('db'), c.req.valid('query'), readerOf(c));
    setTotal(c, total);
    return c.json(rows, 200);
  })
  .put('/', jsonBody(TreatmentPriceSchema), async (c) => {
    const { ID, price, recallMonths } = c.req.valid('json');
    const treatment = await updateTreatmentPrice(c.get('db'), ID, price, recallMonths);
    if (!treatment) throw new AppError('not_found', MSG.notFound);
    return c.json(treatment, 200);
  })
  .post('/', jsonBody(TreatmentCreateSchema), async (c) => {
    const treatment = await createTreatment(c.get('db'), c.req.valid('json'));
    if (!treatment) throw new AppError('conflict', MSG.treatmentExists);
    return c.json(treatment, 201);
  })
  .put('/prices', jsonBody(TreatmentPercentSchema), async (c) => {
    const { IDs, percent } = c.req.valid('json');
    const changed = await changePricesBy(c.get('db'), IDs, percent);
    if (changed.length === 0) throw new AppError('not_found', MSG.notFound);
    return c.json(changed, 200);
  });
