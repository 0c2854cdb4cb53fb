import { Hono } from 'hono';
import * as v from 'valibot';
import { readerOf } from '../../auth/access';
import { ConsultationPriceSchema, TreatmentRepricedSchema, TreatmentSchema } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import {
  TreatmentCreateSchema,
  TreatmentPercentSchema,
  TreatmentPriceSchema,
  TreatmentsQuerySchema,
} from '../../contract/treatments';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { json, route } from '../../lib/route';
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
  .get(
    '/consultation',
    route({
      who: 'user',
      summary: "The consultation's price",
      description:
        "What a consultation turn bills, in the clinic's currency: shown to a patient before requesting one.",
      success: [json(200, ConsultationPriceSchema, 'The price and currency.')],
    }),
    async (c) => c.json(await consultationPrice(c.get('db')), 200),
  )
  .get(
    '/',
    route({
      who: 'medic',
      summary: 'The price list',
      success: [json(200, v.array(TreatmentSchema), 'A page of treatments.', true)],
    }),
    queryOf(TreatmentsQuerySchema),
    async (c) => {
      const { rows, total } = await listTreatments(c.get('db'), c.req.valid('query'), readerOf(c));
      setTotal(c, total);
      return c.json(rows, 200);
    },
  )
  .put(
    '/',
    route({
      who: 'medic',
      summary: "Change a treatment's price",
      success: [json(200, TreatmentSchema, 'The treatment.')],
      errors: { 404: 'No treatment with this ID.' },
    }),
    jsonBody(TreatmentPriceSchema),
    async (c) => {
      const { ID, price, recallMonths } = c.req.valid('json');
      const treatment = await updateTreatmentPrice(c.get('db'), ID, price, recallMonths);
      if (!treatment) throw new AppError('not_found', MSG.notFound);
      return c.json(treatment, 200);
    },
  )
  .post(
    '/',
    route({
      who: 'medic',
      summary: 'Add a treatment to the price list',
      success: [json(201, TreatmentSchema, 'The new treatment.')],
      errors: { 409: 'A treatment with this ID already exists.' },
    }),
    jsonBody(TreatmentCreateSchema),
    async (c) => {
      const treatment = await createTreatment(c.get('db'), c.req.valid('json'));
      if (!treatment) throw new AppError('conflict', MSG.treatmentExists);
      return c.json(treatment, 201);
    },
  )
  .put(
    '/prices',
    route({
      who: 'medic',
      summary: 'Change the selected prices by a percentage',
      description:
        '`IDs` and `percent` (10 raises them 10%, -5 lowers them 5%); each answer carries its `oldPrice`.',
      success: [json(200, v.array(TreatmentRepricedSchema), 'The changed treatments.')],
      errors: { 404: 'None of the IDs is on the price list.' },
    }),
    jsonBody(TreatmentPercentSchema),
    async (c) => {
      const { IDs, percent } = c.req.valid('json');
      const changed = await changePricesBy(c.get('db'), IDs, percent);
      if (changed.length === 0) throw new AppError('not_found', MSG.notFound);
      return c.json(changed, 200);
    },
  );
