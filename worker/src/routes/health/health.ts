import { Hono } from 'hono';
import { OkSchema } from '../../contract/answers';
import type { Env } from '../../env';
import { json, route } from '../../lib/route';
import { pingDb } from './health.repo';

export const health = new Hono<Env>().get(
  '/',
  route({
    who: 'public',
    summary: 'Health check',
    description: 'Answers once the database answers.',
    success: [json(200, OkSchema, 'The API and its database answer.')],
  }),
  async (c) => {
    await pingDb(c.get('db'));
    return c.json({ ok: true as const }, 200);
  },
);
