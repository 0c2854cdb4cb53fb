import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Env } from '../../env';

export const health = new Hono<Env>().get('/', async (c) => {
  await c.get('db').run(sql`select 1`);
  return c.json({ ok: true as const }, 200);
});
