import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';
import { URLS } from '../ports';

const REMOTES = ['patients', 'calendar', 'budgets', 'clinic', 'portal'];

test('GET /mf/remotes.json names the five remotes and each manifest loads', async ({ request }) => {
  const res = await request.get('/mf/remotes.json');
  expect(res.status()).toBe(200);
  const registry = (await res.json()) as Record<string, string>;
  expect(Object.keys(registry).sort()).toEqual([...REMOTES].sort());
  for (const name of REMOTES) {
    const manifest = await request.get(registry[name] ?? '');
    expect(manifest.status(), name).toBe(200);
    const body = (await manifest.json()) as { name?: string; exposes?: { path: string }[] };
    expect(body.exposes?.map((e) => e.path)).toContain('./routes');
  }
});

test.describe('a worker whose registry points elsewhere', () => {
  test.use({ baseURL: URLS.rewired });

  test('loads mf-patients from a separately served build, without rebuilding the shell', async ({
    page,
    request,
  }) => {
    const registry = (await (await request.get('/mf/remotes.json')).json()) as Record<string, string>;
    expect(registry.patients).toBe(`${URLS.separateRemote}/mf-manifest.json`);
    const fromSeparate: string[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(URLS.separateRemote) && res.ok()) fromSeparate.push(res.url());
    });
    await signInAs(page, 'medic');
    await page.goto('/home');
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expect(page.getByText('This area could not be loaded')).toHaveCount(0);
    expect(fromSeparate.some((url) => url.endsWith('.js'))).toBe(true);
  });

  test('a broken remote URL shows the error panel for that area only', async ({ page }) => {
    await signInAs(page, 'medic');
    await page.goto('/home/calendar');
    const panel = page.getByRole('alert').filter({ hasText: 'This area could not be loaded' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
    // the rest of the app keeps working: header, sidebar and other remotes
    await expect(
      page.getByRole('button', { name: 'Payments' }).or(page.getByRole('link', { name: 'Payments' })),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Budgets', exact: true })
      .click();
    await expect(page).toHaveURL('/home/budget');
    await expect(page.getByText('This area could not be loaded')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  });
});
