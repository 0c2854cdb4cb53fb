import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { app } from '../app';
import { SOCIAL_SIGN_IN_META } from '../contract/accounts';

const assets = {
  fetch: async () =>
    new Response('<!doctype html><html><head><title>Clinic</title></head><body></body></html>'),
};
const pageWith = async (extra: Record<string, string | undefined>) => {
  const res = await app.fetch(new Request('http://localhost:8787/'), { ...env, ASSETS: assets, ...extra });
  return res.text();
};

describe('the page tells the login page whether social sign-in is configured', () => {
  test('"on" with OIDC_CLIENT_ID, "off" without: no "Sign in with Google" then', async () => {
    expect(await pageWith({ OIDC_CLIENT_ID: 'client' })).toContain(
      `<meta name="${SOCIAL_SIGN_IN_META}" content="on"></head>`,
    );
    const without = await pageWith({ OIDC_CLIENT_ID: undefined, OIDC_ISSUER: undefined });
    expect(without).toContain(`<meta name="${SOCIAL_SIGN_IN_META}" content="off"></head>`);
    expect(without.match(new RegExp(SOCIAL_SIGN_IN_META, 'g'))).toHaveLength(1);
  });
});
