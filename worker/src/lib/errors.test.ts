import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ORIGIN, seed, signInMedic } from '../../test/helpers';
import { app } from '../app';
import { MSG } from '../contract/messages';
import { onError } from './errors';

beforeAll(seed);

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

describe('the log line of an unhandled error', () => {
  test("names the route, the request id and the error class; never the query's parameters or a stack", async () => {
    const document = '31415926';
    const token = await signInMedic();
    // The patient lookup by document fails in the database, as a query error carrying its SQL and
    // bound parameters (the document) does.
    // The app opens its database through D1's Sessions API: the session's statements fail too.
    const failingOf = <T extends { prepare: (query: string) => D1PreparedStatement }>(db: T): T =>
      new Proxy(db, {
        get(target, prop) {
          if (prop === 'withSession') {
            return (...args: [string]) => failingOf((target as unknown as D1Database).withSession(...args));
          }
          if (prop !== 'prepare') {
            const value: unknown = Reflect.get(target, prop);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return (query: string) =>
            /"users"\."document"/.test(query)
              ? { bind: () => ({ all: fail, raw: fail, first: fail, run: fail }) }
              : target.prepare(query);
        },
      });
    const failing = failingOf(env.DB);
    function fail(): Promise<never> {
      return Promise.reject(
        new Error(`D1_ERROR: no such column: users.document (${document}): SQLITE_ERROR`),
      );
    }
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    let res: Response;
    try {
      res = await app.request(
        `${ORIGIN}/api/patients?document=${document}`,
        { headers: { authorization: `Bearer ${token}` } },
        { ...env, DB: failing as D1Database },
      );
    } finally {
      vi.restoreAllMocks();
    }
    expect(res.status).toBe(500);
    const { requestId } = await res.json<{ requestId: string }>();
    const line = lines.find((l) => l.includes('"unhandled"'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toEqual({
      level: 'error',
      msg: 'unhandled',
      requestId,
      method: 'GET',
      route: '/api/patients',
      errorClass: expect.stringMatching(/Error/),
    });
    expect(lines.join('\n')).not.toContain(document);
    expect(lines.join('\n')).not.toMatch(/select|\bat \w+ \(/i);
  });
});
