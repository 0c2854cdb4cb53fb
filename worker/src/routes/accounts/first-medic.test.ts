import { describe, expect, test } from 'vitest';
import { call, signIn } from '../../../test/helpers';

// This file starts from an empty deployment: no seed, no medic (storage is isolated per test file).
describe('the first medic of an empty deployment', () => {
  test('is approved at once; the next one waits', async () => {
    const first = {
      email: 'first@clinic.test',
      password: 'First2026',
      confirmPassword: 'First2026',
      name: 'Julius',
      lastName: 'Hibbert',
      document: '30111222',
      birth: '1960-01-01',
    };
    const res = await call('/api/medics', { body: { infoUser: first, infoMedic: { tuition_number: '1' } } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ approved: true });
    const token = await signIn(first.email, first.password);
    expect(await (await call('/api/me', { token })).json()).toMatchObject({ approved: true });

    const second = { ...first, email: 'second@clinic.test', document: '30111223' };
    const next = await call('/api/medics', {
      body: { infoUser: second, infoMedic: { tuition_number: '2' } },
    });
    expect(await next.json()).toMatchObject({ approved: false });
  });
});
