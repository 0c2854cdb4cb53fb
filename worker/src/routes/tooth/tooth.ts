import { Hono } from 'hono';
import type { Env } from '../../env';
import { listTeeth } from './tooth.repo';

/** GET /tooth: the seeded FDI teeth, for the add-evolution chart. */
export const tooth = new Hono<Env>().get('/', async (c) => c.json(await listTeeth(c.get('db')), 200));
