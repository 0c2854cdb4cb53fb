import { Hono } from 'hono';
import * as v from 'valibot';
import { ClinicCreateSchema, ClinicUpdateSchema } from '../../contract/clinic';
import { MSG } from '../../contract/messages';
import { findClinic } from '../../db/clinics';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody, paramsOf } from '../../lib/validate';
import { offerOpenedHours } from '../../services/waitlist/hours-opened';
import { createClinic, updateClinic } from './clinics.repo';

const IdParam = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });

/**
 * The clinic (/Clinics): anyone signed in reads it (patients need its office hours for
 * appointments); medics create it once and update it.
 */
export const clinicsRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const clinic = await findClinic(c.get('db'));
    if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
    return c.json(clinic, 200);
  })
  .post('/', jsonBody(ClinicCreateSchema), async (c) => {
    const clinic = await createClinic(c.get('db'), c.req.valid('json'));
    if (!clinic) throw new AppError('conflict', MSG.clinicExists);
    return c.json(clinic, 201);
  })
  .put('/', jsonBody(ClinicUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const before = await findClinic(db);
    const id = input.ID ?? before?.ID;
    const clinic = id === undefined ? null : await updateClinic(db, id, input);
    if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
    // Hours opened: their new starts go to the waitlist like freed ones.
    await offerOpenedHours(db, c.env, before, clinic);
    return c.json(clinic, 200);
  })
  .put('/:id', paramsOf(IdParam), jsonBody(ClinicUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    if (input.ID !== undefined && input.ID !== id) throw new AppError('not_found', MSG.clinicNotAdded);
    const before = await findClinic(c.get('db'));
    const clinic = await updateClinic(c.get('db'), id, input);
    if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
    await offerOpenedHours(c.get('db'), c.env, before, clinic);
    return c.json(clinic, 200);
  });
