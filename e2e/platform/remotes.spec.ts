import { expect, test } from '@playwright/test';
import { ACCOUNTS, signInAs } from '../fixtures';
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
  test.use({ baseURL: URLS.rewired, extraHTTPHeaders: { Origin: URLS.rewired } });

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

  test("with one remote's host down, sign-in and the other areas still load within 3 s each", async ({
    page,
  }) => {
    // The registry points mf-calendar at a closed port (playwright.config.ts).
    const within3s = { timeout: 3000 };
    await signInAs(page, 'medic');
    await page.goto('/home/calendar');
    await expect(page.getByRole('alert').filter({ hasText: 'This area could not be loaded' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Areas opened after the dead one: with Module Federation's 'version-first' each of these
    // would first try the dead remote's entry again.
    await nav.getByRole('link', { name: 'Budgets', exact: true }).click();
    await expect(page).toHaveURL('/home/budget');
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible(within3s);
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible(within3s);
    await expect(page.getByText('This area could not be loaded')).toHaveCount(0);

    // Sign-in itself, from the login form, in a fresh page.
    await page.context().clearCookies();
    await page.goto('/');
    await page.getByLabel('Email').fill(ACCOUNTS.medic.email);
    await page.getByLabel('Password').fill(ACCOUNTS.medic.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/home$/, within3s);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible(within3s);
  });

  test('a remote whose host never answers shows the error panel with Retry, not an endless spinner', async ({
    page,
  }) => {
    // Waits out the shell's 15 s remote-load timeout (shell/src/remotes/registry.ts).
    test.setTimeout(60_000);
    await signInAs(page, 'medic');
    // The budgets build's manifest is asked for and never answered.
    await page.route('**/budgets/mf-manifest.json', () => {});
    await page.goto('/home/budget');
    const panel = page.getByRole('alert').filter({ hasText: 'This area could not be loaded' });
    await expect(panel).toBeVisible({ timeout: 25_000 });
    await page.unroute('**/budgets/mf-manifest.json');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});
