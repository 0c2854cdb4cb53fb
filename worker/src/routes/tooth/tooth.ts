import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Tooth } from '../../contract/evolutions';
import { teeth } from '../../db/schema';
import type { Env } from '../../env';

/** GET /tooth: the seeded FDI teeth, for the add-evolution chart. */
export const tooth = new Hono<Env>().get('/', async (c) => {
  const rows: Tooth[] = await c
    .get('db')
    .select({ ID: teeth.id, zone: teeth.zone, position: teeth.position })
    .from(teeth)
    .orderBy(asc(teeth.id))
    .all();
  return c.json(rows, 200);
});
