import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInPatient } from '../../../test/helpers';
import type { Tooth } from '../../contract/answers';

beforeAll(seed);

describe('GET /api/tooth', () => {
  test('lists the 32 permanent and 20 primary FDI teeth for anyone signed in', async () => {
    const res = await call('/api/tooth', { token: await signInPatient() });
    expect(res.status).toBe(200);
    const teeth = await res.json<Tooth[]>();
    expect(teeth).toHaveLength(52);
    const permanent = teeth.filter((t) => t.dentition === 'permanent');
    const primary = teeth.filter((t) => t.dentition === 'primary');
    expect(permanent).toHaveLength(32);
    expect(permanent[0]).toEqual({ ID: 11, zone: 'upper right', position: 1, dentition: 'permanent' });
    expect(permanent.at(-1)).toEqual({ ID: 48, zone: 'lower right', position: 8, dentition: 'permanent' });
    expect(primary.map((t) => t.ID)).toEqual([
      51, 52, 53, 54, 55, 61, 62, 63, 64, 65, 71, 72, 73, 74, 75, 81, 82, 83, 84, 85,
    ]);
    expect(primary.find((t) => t.ID === 75)).toEqual({
      ID: 75,
      zone: 'lower left',
      position: 5,
      dentition: 'primary',
    });
  });

  test('answers 401 to nobody', async () => {
    expect((await call('/api/tooth')).status).toBe(401);
  });
});
