import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { app } from '../app';
import { isLocalManifest } from './remotes';

const PAGE = 'http://localhost:8787';
const DEV = 'http://localhost:4003/mf-manifest.json';
const assets = { fetch: async () => new Response('<div id="root"></div>') };
const call = (path: string, environment = 'local', cookie?: string) =>
  app.fetch(new Request(`${PAGE}${path}`, { headers: cookie ? { cookie } : {} }), {
    ...env,
    ASSETS: assets,
    ENVIRONMENT: environment,
  });
/** The Set-Cookie of an answer as the browser sends it back. */
const cookieOf = (res: Response) => (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';

describe("the dev loop's local override of the registry (no restart)", () => {
  test("GET /mf/dev?budgets=<dev server> points this browser's registry and page policy at it", async () => {
    const set = await call(`/mf/dev?budgets=${encodeURIComponent(DEV)}`);
    expect(set.status).toBe(302);
    expect(set.headers.get('Location')).toBe('/');
    expect(set.headers.get('Set-Cookie')).toMatch(/HttpOnly/);
    const cookie = cookieOf(set);
    const registry = await (await call('/mf/remotes.json', 'local', cookie)).json<Record<string, string>>();
    expect(registry.budgets).toBe(DEV);
    expect(registry.patients).toBe(`${PAGE}/mf/patients/mf-manifest.json`);
    const policy = (await call('/home/budget', 'local', cookie)).headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("script-src 'self' http://localhost:4003;");
    expect(policy).toContain('ws://localhost:4003');
    // Without the cookie (another browser), nothing changed.
    expect((await (await call('/mf/remotes.json')).json<Record<string, string>>()).budgets).toBe(
      `${PAGE}/mf/budgets/mf-manifest.json`,
    );
    // An empty value goes back to the worker's own entry.
    const cleared = await call('/mf/dev?budgets=', 'local', cookie);
    expect(cleared.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);
  });

  test('only a manifest on this machine, only a known remote', async () => {
    for (const [query, message] of [
      [`budgets=${encodeURIComponent('https://evil.example/mf-manifest.json')}`, 'is not a dev server'],
      [`budgets=${encodeURIComponent('http://localhost:4003/remoteEntry.js')}`, 'is not a dev server'],
      [`budget=${encodeURIComponent(DEV)}`, 'No remote named budget'],
    ] as const) {
      const res = await call(`/mf/dev?${query}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
    expect(isLocalManifest('http://127.0.0.1:4001/mf-manifest.json')).toBe(true);
    expect(isLocalManifest('http://localhost.evil.example/mf-manifest.json')).toBe(false);
    // A cookie set by hand to another host is ignored.
    const forged = `clinic_dev_remote_budgets=${encodeURIComponent('https://evil.example/mf-manifest.json')}`;
    expect(
      (await (await call('/mf/remotes.json', 'local', forged)).json<Record<string, string>>()).budgets,
    ).toBe(`${PAGE}/mf/budgets/mf-manifest.json`);
  });

  test('deployed: no override route, and the cookie is ignored', async () => {
    expect((await call(`/mf/dev?budgets=${encodeURIComponent(DEV)}`, 'production')).status).toBe(404);
    const cookie = `clinic_dev_remote_budgets=${encodeURIComponent(DEV)}`;
    const registry = await (await call('/mf/remotes.json', 'production', cookie)).json<
      Record<string, string>
    >();
    expect(registry.budgets).toBe(`${PAGE}/mf/budgets/mf-manifest.json`);
  });
});
