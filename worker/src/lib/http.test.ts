import { SELF } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { call, ORIGIN } from '../../test/helpers';
import { MSG } from '../contract/messages';

describe('API bad input', () => {
  test('malformed JSON answers 400 in the API error shape', async () => {
    const res = await call('/api/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_request', msg: MSG.invalidJson });
  });

  test('a body that is not JSON answers 415', async () => {
    const res = await call('/api/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      error: 'unsupported_media_type',
      msg: MSG.unsupportedMediaType,
    });
  });

  test('a write with no body at all is refused as invalid, not a crash', async () => {
    const res = await call('/api/login', { method: 'POST' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toHaveProperty('msg');
  });

  test('unknown API paths answer 404 JSON, never the SPA page', async () => {
    for (const path of ['/api/nope', '/api/patients/1/nope', '/api']) {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ error: 'not_found', msg: MSG.notFound });
    }
  });

  test('oversized bodies answer 413', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await call('/api/login', { body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'too_large', msg: MSG.tooLarge });
  });

  test('a write from a foreign Origin is refused', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'medic@clinic.test', password: 'Medic2026' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden', msg: MSG.foreignOrigin });
  });

  test('security headers are set on every API answer', async () => {
    const res = await call('/api/nope');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
  });
});
