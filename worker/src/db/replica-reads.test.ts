import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic } from '../../test/helpers';
import { BOOKMARK_HEADER } from './replica-reads';

describe("D1's Sessions API: reads near the user, and the client's own writes", () => {
  let medic: string;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
  });

  test('a write answers its bookmark; a read that carries it back sees that write and answers one no older', async () => {
    // signing in writes a session row
    const write = await call('/api/login', { body: { email: 'medic@clinic.test', password: 'Medic2026' } });
    expect(write.status).toBe(200);
    const written = write.headers.get(BOOKMARK_HEADER);
    expect(written).toMatch(/^[0-9a-f-]+$/i);

    const read = await call('/api/Clinics', { token: medic, headers: { [BOOKMARK_HEADER]: written ?? '' } });
    expect(read.status).toBe(200);
    const after = read.headers.get(BOOKMARK_HEADER) ?? '';
    // bookmarks sort in time order
    expect(after >= (written ?? '')).toBe(true);
  });

  test('a malformed bookmark is ignored, never sent to D1', async () => {
    for (const bad of ['nonsense', "'; drop table users; --", 'x'.repeat(500)]) {
      const res = await call('/api/Clinics', { token: medic, headers: { [BOOKMARK_HEADER]: bad } });
      expect(res.status, bad).toBe(200);
    }
  });
});
