import { expect, test } from '@playwright/test';

// shell/public/_headers: what Workers static assets add to the pages and the bundles.

test("pages may not be framed or sniffed; hashed bundles (the shell's and a remote's) are cached for good, the HTML and manifests are not", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (/\/static\/js\/.+\.js$/.test(res.url())) scripts.push(res.url());
  });
  const html = await page.goto('/home/calendar');
  const headers = html?.headers() ?? {};
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['cache-control']).not.toContain('immutable');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  const bundle = await page.request.get(scripts[0] as string);
  expect(bundle.headers()['cache-control']).toContain('immutable');
  const manifest = await page.request.get('/mf/patients/mf-manifest.json');
  expect(manifest.headers()['cache-control']).not.toContain('immutable');
  // A remote's own content-hashed files, named by its manifest, are cached for good too.
  const hashed = (await manifest.text()).match(/static\/js\/[^"]+\.js/)?.[0];
  expect(hashed).toBeTruthy();
  const remoteFile = await page.request.get(`/mf/patients/${hashed}`);
  expect(remoteFile.status()).toBe(200);
  expect(remoteFile.headers()['cache-control']).toContain('immutable');
});

test("a file the build does not have is a 404, not the app's page under a script's name", async ({
  request,
}) => {
  for (const path of [
    '/static/js/missing.0123456789.js',
    '/mf/patients/static/js/missing.js',
    '/favicon.ico',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['cache-control'], path).not.toContain('immutable');
    expect(await res.text(), path).not.toContain('<div id="root">');
  }
  // Any other path is a route of the app: the single page, revalidated on every load.
  const route = await request.get('/home/updateBudget/12');
  expect(route.status()).toBe(200);
  expect(await route.text()).toContain('<div id="root">');
  expect(route.headers()['cache-control']).not.toContain('immutable');
});
