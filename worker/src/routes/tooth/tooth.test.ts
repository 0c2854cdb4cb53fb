import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInPatient } from '../../../test/helpers';
import type { Tooth } from '../../contract/evolutions';

beforeAll(seed);

describe('GET /api/tooth', () => {
  test('lists the 32 FDI teeth for anyone signed in', async () => {
    const res = await call('/api/tooth', { token: await signInPatient() });
    expect(res.status).toBe(200);
    const teeth = await res.json<Tooth[]>();
    expect(teeth).toHaveLength(32);
    expect(teeth[0]).toEqual({ ID: 11, zone: 'upper right', position: 1 });
    expect(teeth.at(-1)).toEqual({ ID: 48, zone: 'lower right', position: 8 });
  });

  test('answers 401 to nobody', async () => {
    expect((await call('/api/tooth')).status).toBe(401);
  });
});
