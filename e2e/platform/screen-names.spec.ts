import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../fixtures';

/** The shell header's title (h1) and the screen's own heading (h2) of the screen now open. */
async function expectNamed(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(name);
}

/**
 * One spelling per screen: the sidebar entry, the header and the screen's heading say the same
 * words (SPEC's sidebar text where it gives one), and so do the buttons that lead there.
 */
test('a medic reads one name per screen in the sidebar, the header, the heading and the buttons', async ({
  page,
}) => {
  // eleven screens in one go
  test.slow();
  await signInAs(page, 'medic');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/home');
  for (const name of [
    'Calendar',
    'Register Patient',
    'Budgets',
    'Add Budget',
    'Clinic info',
    'Update My Info',
    'Treatments Info',
  ]) {
    await sidebar.getByRole('link', { name, exact: true }).click();
    await expectNamed(page, name);
  }
  // the patient page's buttons name the screens they open (demo patient 2, María González)
  for (const name of ['Add Evolution', 'Add Studies', 'Update Patient Info']) {
    await page.goto('/home/2');
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
    await expectNamed(page, name);
  }
  await page.goto('/home/create-clinical-history?patient=8');
  await expectNamed(page, 'Create clinical history');
});

test('a patient reads one name per screen, SPEC sidebar words included', async ({ page }) => {
  await signInAs(page, 'patient');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/home');
  for (const name of ['My data', 'Update my data', 'medical appointment request', 'Clinic history']) {
    await sidebar.getByRole('link', { name, exact: true }).click();
    await expectNamed(page, name);
  }
  await page.goto('/home/create-clinical-history');
  await expectNamed(page, 'Create clinical history');
});

test('every page has its icon: no request for it fails', async ({ page }) => {
  // Only the icon's requests: other specs may leave the clinic a logo that is not there.
  const isIcon = (url: string) => /favicon|\.ico(?:$|\?)/.test(url);
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400 && isIcon(res.url())) failed.push(`${res.status()} ${res.url()}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && isIcon(msg.location().url)) failed.push(msg.text());
  });
  await page.goto('/');
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('href', '/favicon.svg');
  const res = await page.request.get('/favicon.svg');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/svg+xml');
  await signInAs(page, 'medic');
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // the browser asks for the icon on its own, after the page loads
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
});

test('at 1440 px the sidebar runs the full height of a long page, its links in view at the bottom', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'medic');
  await page.goto('/home/2');
  await expect(page.getByRole('main').getByText('Panoramic X-ray').first()).toBeVisible();
  const { pageHeight, sidebarHeight } = await page.evaluate(() => ({
    pageHeight: document.documentElement.scrollHeight,
    sidebarHeight: document.getElementById('sidebar')?.getBoundingClientRect().height ?? 0,
  }));
  // a long page: the column is as tall as it, not one screen
  expect(pageHeight).toBeGreaterThan(1200);
  expect(sidebarHeight).toBeGreaterThanOrEqual(pageHeight - 1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }),
  ).toBeInViewport();
});
