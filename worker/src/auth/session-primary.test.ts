import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { ORIGIN, seed, signInMedic } from '../../test/helpers';
import { app } from '../app';

// A read may start on any replica ('first-unconstrained'), but whether its session still exists is
// read on the primary: a lagging replica may still hold a session that was ended.

beforeAll(seed);

describe('the session check of a read', () => {
  test('runs on the primary even when the read itself may use a replica', async () => {
    // mutation tried: findSession on the request's database records only 'first-unconstrained'
    const token = await signInMedic();
    const starts: string[] = [];
    const DB = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'withSession')
          return (start?: string) => {
            starts.push(String(start));
            return target.withSession(start as D1SessionConstraint);
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      passThroughOnException() {},
      props: {},
    };
    const res = await app.request(
      `${ORIGIN}/api/me`,
      { headers: { authorization: `Bearer ${token}` } },
      { ...env, DB },
      ctx as unknown as ExecutionContext,
    );
    await Promise.all(pending);
    expect(res.status).toBe(200);
    expect(starts).toContain('first-unconstrained');
    expect(starts).toContain('first-primary');
  });
});
