import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { MSG } from '../contract/messages';
import { onError } from './errors';

describe('onError', () => {
  test('a unique violation no route foresaw is 409, not 500', async () => {
    const app = new Hono()
      .get('/', () => {
        throw new Error('D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT');
      })
      .onError(onError);
    const res = await app.request('/');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.alreadyRegistered });
  });

  test('other failures stay a plain 500', async () => {
    const app = new Hono()
      .get('/', () => {
        throw new Error('boom');
      })
      .onError(onError);
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'internal', msg: MSG.somethingWentWrong });
  });
});
