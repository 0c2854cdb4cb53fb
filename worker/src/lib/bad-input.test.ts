import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { badInputOnRoutes, longPerson } from '../../test/bad-input';
import { call, ORIGIN, seed, signInMedic } from '../../test/helpers';

// Part 1 of the routes' bad input (test/bad-input.ts says why it is split), and the hostile values
// a security probe used.
badInputOnRoutes(1);

describe('hostile values the probe used', () => {
  let medic: string;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
  });

  test.each([
    '/api/Budgets?q=abc%00',
    '/api/patients?contains=abc%00def',
    '/api/patients?q=abc%00def',
    '/api/patients?offset=1e19',
    '/api/Budgets?offset=1e19',
    '/api/evolutions?PatientID=1&offset=1e19',
    '/api/turns?offset=1e19',
    '/api/patients?offset=99999999999999999999',
    '/api/Budgets?offset=99999999999999999999',
    '/api/turns?offset=99999999999999999999',
  ])('%s answers a 2xx or 4xx, never a 500', async (url) => {
    const res = await call(url, { token: medic });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  });

  test('a NUL in a search term is dropped: abc%00def finds what abcdef finds', async () => {
    const plain = await (await call('/api/patients?contains=simps', { token: medic })).json<unknown[]>();
    const withNul = await (await call('/api/patients?contains=sim%00ps', { token: medic })).json<unknown[]>();
    expect(withNul).toEqual(plain);
  }, 30_000);

  test('an upload of many parts is refused quickly with a 400', async () => {
    const data = new FormData();
    for (let i = 0; i < 50_000; i++) data.append('studyType', 'laboratory');
    const res = await SELF.fetch(`${ORIGIN}/api/studies`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${medic}` },
      body: data,
    });
    expect(res.status).toBe(400);
  }, 60_000);

  test('a sign-up with a 3 KB email is refused and stores nothing', async () => {
    const res = await call('/api/patients', {
      body: { infoUser: longPerson, infoPatient: { obraSocial: '1' } },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json<{ errors: Record<string, { msg: string }> }>();
    expect(Object.keys(errors)).toContain('infoUser.email');
  });
});
