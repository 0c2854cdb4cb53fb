import { env, SELF } from 'cloudflare:test';
import { Hono } from 'hono';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, ORIGIN, seed, signInMedic } from '../../test/helpers';
import { app } from '../app';
import { MSG } from '../contract/messages';
import type { Env } from '../env';
import { DEMO_MEDIC } from '../local/seed';
import { PERMISSIONS_POLICY, workerPagePolicy } from './app-page';
import { onError } from './errors';
import { appOrigin } from './http';

beforeAll(seed);

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
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'invalid', msg: expect.any(String) });
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

  test('a write with no Origin is refused unless Sec-Fetch-Site says same-origin; the signed webhook is exempt', async () => {
    const token = await signInMedic();
    const write = (headers: Record<string, string>) =>
      SELF.fetch(`${ORIGIN}/api/Clinics`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ ID: 1, telephone: '011 4555 0100' }),
      });
    const bare = await write({});
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ error: 'forbidden', msg: MSG.foreignOrigin });
    expect((await write({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await write({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await write({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await write({ origin: ORIGIN })).status).toBe(200);
    // the webhook carries no Origin: its signature decides (400 here, never the Origin's 403)
    const hook = await SELF.fetch(`${ORIGIN}/api/payments/webhook`, { method: 'POST', body: '{}' });
    expect(hook.status).not.toBe(403);
  });

  test('every answer carries a Permissions-Policy; the HTML pages the worker writes carry a strict CSP', async () => {
    expect((await call('/api/health')).headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    const docs = await call('/api/docs');
    expect(docs.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    const html = await docs.text();
    const policy = docs.headers.get('content-security-policy') ?? '';
    expect(policy).toBe(await workerPagePolicy(html, ORIGIN));
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // its one inline script is allowed by its hash, and Scalar's bundle by its own URL here, nothing else
    expect(policy).toMatch(
      new RegExp(
        `script-src 'sha256-[\\w+/]+=*' ${ORIGIN.replace(/[.]/g, '\\.')}/api-reference/scalar\\.js;`,
      ),
    );
    const optOut = await call('/api/reminders/off?token=bad', { headers: { accept: 'text/html' } });
    expect(optOut.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(optOut.headers.get('content-security-policy')).toContain("form-action 'self'");
  });

  test('on https the session cookie is __Host- prefixed and Secure; on http localhost the plain name', async () => {
    const https = 'https://localhost';
    const login = await app.fetch(
      new Request(`${https}/api/login`, {
        method: 'POST',
        headers: { origin: https, 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_MEDIC),
      }),
      env,
    );
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-clinic_session=[^;]+;/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
    const value = /^(__Host-clinic_session=[^;]+)/.exec(cookie)?.[1] ?? '';
    const me = await app.fetch(new Request(`${https}/api/me`, { headers: { cookie: value } }), env);
    expect(me.status).toBe(200);
    // the plain name is not read on https
    const plain = value.replace('__Host-', '');
    expect(
      (await app.fetch(new Request(`${https}/api/me`, { headers: { cookie: plain } }), env)).status,
    ).toBe(401);
    const local = await call('/api/login', { body: DEMO_MEDIC });
    expect(local.headers.get('set-cookie')).toMatch(/^clinic_session=/);
  });

  test('security headers are set on every API answer', async () => {
    const res = await call('/api/nope');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
  });
});

describe('local mode answers only loopback hosts (DNS rebinding)', () => {
  test.each(['http://rebind.evil.example:8787', 'http://127.0.0.1.nip.io:8787'])(
    '%s cannot read the dev outbox nor pass the same-origin check',
    async (origin) => {
      const outbox = await SELF.fetch(`${origin}/api/dev/outbox`, { headers: { origin } });
      expect(outbox.status).toBe(403);
      expect(await outbox.json()).toMatchObject({ error: 'forbidden', msg: MSG.loopbackOnly });
      const login = await SELF.fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'medic@clinic.test', password: 'Medic2026' }),
      });
      expect(login.status).toBe(403);
    },
  );

  test.each(['http://localhost:8787', 'http://127.0.0.1:8787', 'http://[::1]:8787'])(
    '%s is served',
    async (origin) => {
      expect((await SELF.fetch(`${origin}/api/dev/outbox`)).status).toBe(200);
    },
  );

  test('without APP_ORIGIN, links take only a loopback origin, even where loopbackOnly is not in front', async () => {
    const links = new Hono<Env>().get('/', (c) => c.text(appOrigin(c))).onError(onError);
    const rebound = await links.request('http://rebind.evil.example:8787/', {}, env);
    expect(rebound.status).toBe(503);
    expect(await rebound.json()).toMatchObject({ error: 'unavailable', msg: MSG.appOriginMissing });
    expect(await (await links.request(`${ORIGIN}/`, {}, env)).text()).toBe(ORIGIN);
  });

  test('the Origin of a write is compared with APP_ORIGIN when set, not with the request host', async () => {
    const configured = { ...env, APP_ORIGIN: 'https://clinic.example' };
    const res = await app.request(
      `${ORIGIN}/api/login`,
      {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'medic@clinic.test', password: 'Medic2026' }),
      },
      configured,
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden', msg: MSG.foreignOrigin });
  });
});

test('/mf/remotes.json is not sniffed as another type', async () => {
  const res = await call('/mf/remotes.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});
