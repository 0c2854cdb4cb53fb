import { describe, expect, test } from 'vitest';
import { call } from '../../../test/helpers';

describe('GET /api/health', () => {
  test('answers ok once the database answers, with no-store', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
