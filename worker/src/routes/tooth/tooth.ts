import { Hono } from 'hono';
import * as v from 'valibot';
import { ToothSchema } from '../../contract/answers';
import type { Env } from '../../env';
import { json, route } from '../../lib/route';
import { listTeeth } from './tooth.repo';

/** GET /tooth: the seeded FDI teeth, for the add-evolution chart. */
export const tooth = new Hono<Env>().get(
  '/',
  route({
    who: 'user',
    summary: 'The teeth',
    description: 'The 32 permanent teeth (11–48), then the 20 primary teeth (51–85).',
    success: [json(200, v.array(ToothSchema), 'FDI numbering, in order.')],
  }),
  async (c) => c.json(await listTeeth(c.get('db')), 200),
);
