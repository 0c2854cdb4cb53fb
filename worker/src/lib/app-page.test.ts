import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { app } from '../app';
import { PERMISSIONS_POLICY, pagePolicy } from './app-page';

describe("the pages' Content-Security-Policy", () => {
  test('allows this origin only when every remote is served here', () => {
    const policy = pagePolicy([]);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "connect-src 'self'",
      "img-src 'self' data: blob:",
      "frame-src 'self' blob:",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(`${policy};`).toContain(`${directive};`);
    }
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test('adds a remote deployed on its own host to scripts, styles and connections, not to frames', async () => {
    const page = 'http://localhost:8787';
    // A stand-in for the static assets: the built index.html with its _headers.
    const assets = {
      fetch: async () => new Response('<div id="root"></div>', { headers: { 'X-Frame-Options': 'DENY' } }),
    };
    const res = await app.fetch(new Request(`${page}/home/budget`), {
      ...env,
      ASSETS: assets,
      ENVIRONMENT: 'production',
      REMOTE_BUDGETS_URL: 'https://budgets.example/mf-manifest.json',
      REMOTE_CLINIC_URL: 'https://budgets.example/clinic/mf-manifest.json',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Permissions-Policy')).toBe(PERMISSIONS_POLICY);
    const policy = res.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("script-src 'self' https://budgets.example;");
    expect(policy).toContain("connect-src 'self' https://budgets.example;");
    expect(policy).toContain("frame-src 'self' blob:;");
    expect(policy.match(/budgets\.example/g)).toHaveLength(5);
  });

  test("locally, a remote's dev server may also be reached over its WebSocket; deployed, it may not", async () => {
    const assets = { fetch: async () => new Response('<div id="root"></div>') };
    const policyOf = async (environment: string) => {
      const res = await app.fetch(new Request('http://localhost:8787/home/budget'), {
        ...env,
        ASSETS: assets,
        ENVIRONMENT: environment,
        REMOTE_BUDGETS_URL: 'http://localhost:4003/mf-manifest.json',
        REMOTE_PORTAL_URL: 'https://portal.example/mf-manifest.json',
      });
      return res.headers.get('Content-Security-Policy') ?? '';
    };
    const local = await policyOf('local');
    expect(local).toContain(
      "connect-src 'self' http://localhost:4003 https://portal.example ws://localhost:4003 wss://portal.example;",
    );
    // connections only, and only the overrides' hosts (none for the remotes served here)
    expect(local.match(/ws{1,2}:/g)).toHaveLength(2);
    expect(local).not.toContain('ws://localhost:8787');
    const deployed = await policyOf('production');
    expect(deployed).toContain("connect-src 'self' http://localhost:4003 https://portal.example;");
    expect(deployed).not.toMatch(/wss?:/);
  });
});
