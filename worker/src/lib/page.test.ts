import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { app } from '../app';
import { PERMISSIONS_POLICY, pagePolicy } from './page';

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
});
