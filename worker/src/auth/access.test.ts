import { Hono } from 'hono';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../test/helpers';
import { app as prodApp } from '../app';
import type { Env } from '../env';
import { devApp as app } from '../index.dev';
import { onError } from '../lib/errors';
import { declarationOf, declarationsOf } from '../lib/route';
import { enforceAccess, PATIENT_NAMED_IN } from './access';

describe('route declarations', () => {
  const DECLARED = Object.fromEntries(declarationsOf(app));
  const registered = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
  const apiRoutes = registered.filter((key) => key.split(' ')[1]?.startsWith('/api/'));

  test('every API route has a rule (its declaration)', () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
    expect(apiRoutes.filter((key) => !DECLARED[key])).toEqual([]);
  });

  test('the production app has no local-only route: /api/dev is only in the dev entry', () => {
    const production = prodApp.routes.map((r) => r.path).filter((p) => p.startsWith('/api/dev'));
    expect(production).toEqual([]);
    expect(apiRoutes.filter((key) => key.includes('/api/dev/')).length).toBeGreaterThan(0);
  });

  test('every rule names a route that exists', () => {
    expect(Object.keys(DECLARED).filter((key) => !apiRoutes.includes(key))).toEqual([]);
  });

  test('every registered API route has exactly one declaration, as its first handler', () => {
    const byKey = new Map<string, unknown[]>();
    for (const r of app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
      const key = `${r.method} ${r.path}`;
      byKey.set(key, [...(byKey.get(key) ?? []), r.handler]);
    }
    const wrong = [...byKey]
      .filter(
        ([, handlers]) =>
          handlers.filter((h) => declarationOf(h)).length !== 1 || !declarationOf(handlers[0]),
      )
      .map(([key]) => key);
    expect(byKey.size).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  test("every route a refusal names its patient for is a declared route of a patient's data (access-logged)", () => {
    const named = Object.keys(PATIENT_NAMED_IN);
    expect(named.filter((key) => !DECLARED[key]?.audit)).toEqual([]);
    // a parameter named is one of the route's own
    for (const [key, where] of Object.entries(PATIENT_NAMED_IN)) {
      if ('param' in where) expect(key).toContain(`/:${where.param}`);
    }
  });

  test('a route without a declaration is refused, never silently open', async () => {
    const undeclared = new Hono<Env>()
      .use(async (c, next) => {
        c.set('user', null);
        await next();
      })
      .use(enforceAccess)
      .get('/open', (c) => c.text('open'));
    undeclared.onError(onError);
    const res = await undeclared.request('/open');
    expect(res.status).toBe(403);
  });
});

describe('role middleware', () => {
  beforeAll(seed);

  test('a medic-only route answers 401 to nobody', async () => {
    expect((await call('/api/patients/1/audit')).status).toBe(401);
  });

  test('a medic-only route answers 403 to a patient', async () => {
    const res = await call('/api/patients/1/audit', { token: await signInPatient() });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });

  test('a medic-only route answers 200 to a medic', async () => {
    const res = await call('/api/patients/1/audit', { token: await signInMedic() });
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  test('a malformed ID is a 404, not a crash', async () => {
    expect((await call('/api/patients/abc/audit', { token: await signInMedic() })).status).toBe(404);
  });
});
