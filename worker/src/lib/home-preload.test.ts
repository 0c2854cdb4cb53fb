import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { app } from '../app';

const PRELOADS =
  '<link href="/static/css/async/home-frame.1a2b.css" rel="preload" as="style">' +
  '<link href="/static/js/async/home-frame.3c4d.js" rel="preload" as="script">';
const assets = {
  fetch: async () =>
    new Response(`<!doctype html><html><head><title>Clinic</title>${PRELOADS}</head><body></body></html>`),
};
const page = async (path: string) =>
  (await app.fetch(new Request(`http://localhost:8787${path}`), { ...env, ASSETS: assets })).text();

describe("the page preloads the home frame's files on deep links under /home only", () => {
  test.each(['/home', '/home/payments', '/Home/appointment'])('%s keeps the preloads', async (path) => {
    const html = await page(path);
    expect(html).toContain('home-frame.1a2b.css');
    expect(html).toContain('home-frame.3c4d.js');
  });

  test.each(['/', '/SignUp', '/PasswordReset', '/homework'])('%s leaves them out', async (path) => {
    const html = await page(path);
    expect(html).not.toContain('home-frame');
    expect(html).toContain('<title>Clinic</title>');
  });
});
