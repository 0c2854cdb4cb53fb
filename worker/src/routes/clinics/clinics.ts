import { Hono } from 'hono';
import * as v from 'valibot';
import { ClinicCreateSchema, ClinicUpdateSchema } from '../../contract/clinic';
import { MSG } from '../../contract/messages';
import { findClinic } from '../../db/clinics';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { jsonBody, paramsOf } from '../../lib/validate';
import { settleStranded, strandedBeforeSave } from '../turns/outside-hours';
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
    const current = await findClinic(db);
    const id = input.ID ?? current?.ID;
    // New hours that leave booked turns outside them need the desk's choice first (409 without one).
    const stranded = current
      ? await strandedBeforeSave(c, current, input.officeHours, input.strandedTurns)
      : [];
    const clinic = id === undefined ? null : await updateClinic(db, id, input);
    if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
    await settleStranded(c, clinic, stranded, input.strandedTurns);
    return c.json(clinic, 200);
  })
  .put('/:id', paramsOf(IdParam), jsonBody(ClinicUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    if (input.ID !== undefined && input.ID !== id) throw new AppError('not_found', MSG.clinicNotAdded);
    const current = await findClinic(c.get('db'));
    const stranded =
      current?.ID === id ? await strandedBeforeSave(c, current, input.officeHours, input.strandedTurns) : [];
    const clinic = await updateClinic(c.get('db'), id, input);
    if (!clinic) throw new AppError('not_found', MSG.clinicNotAdded);
    await settleStranded(c, clinic, stranded, input.strandedTurns);
    return c.json(clinic, 200);
  });
