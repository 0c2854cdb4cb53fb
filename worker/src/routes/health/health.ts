import { Hono } from 'hono';
import type { Env } from '../../env';
import { pingDb } from './health.repo';

export const health = new Hono<Env>().get('/', async (c) => {
  await pingDb(c.get('db'));
  return c.json({ ok: true as const }, 200);
});
