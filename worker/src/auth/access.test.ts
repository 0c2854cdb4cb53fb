import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../test/helpers';
import { app as prodApp } from '../app';
import { devApp as app } from '../index.dev';
import { ACCESS } from './access';

describe('route access table', () => {
  const registered = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
  const apiRoutes = registered.filter((key) => key.split(' ')[1]?.startsWith('/api/'));

  test('every API route has a rule', () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
    expect(apiRoutes.filter((key) => !ACCESS[key])).toEqual([]);
  });

  test('the production app has no local-only route: /api/dev is only in the dev entry', () => {
    const production = prodApp.routes.map((r) => r.path).filter((p) => p.startsWith('/api/dev'));
    expect(production).toEqual([]);
    expect(apiRoutes.filter((key) => key.includes('/api/dev/')).length).toBeGreaterThan(0);
  });

  test('every rule names a route that exists', () => {
    expect(Object.keys(ACCESS).filter((key) => !apiRoutes.includes(key))).toEqual([]);
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
