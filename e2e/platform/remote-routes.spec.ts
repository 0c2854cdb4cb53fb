import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../fixtures';
import { URLS } from '../ports';

// The 'rewired' worker serves the same shell build as the app; only its registry differs (see
// playwright.config.ts): mf-budgets comes from a build declaring one more screen ('Budget report'),
// mf-clinic from a build made against an incompatible kit, mf-calendar from a dead address.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const areaError = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This area could not be loaded' });

test.describe('a remote deployed alone with one more screen', () => {
  test.use({ baseURL: URLS.rewired, extraHTTPHeaders: { Origin: URLS.rewired } });

  test('its new sidebar entry appears after sign-in and its screen loads by click', async ({ page }) => {
    await signInAs(page, 'medic');
    await page.goto('/home');
    const entry = sidebar(page).getByRole('link', { name: 'Budget report', exact: true });
    await expect(entry).toBeVisible();
    // at the place it declared: after Add Budget, before Clinic info
    const labels = await sidebar(page).getByRole('link').allInnerTexts();
    expect(labels.indexOf('Budget report')).toBe(labels.indexOf('Add Budget') + 1);
    await entry.click();
    await expect(page).toHaveURL('/home/budget-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Budget report' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Budget report' })).toBeVisible();
  });

  test('its new screen loads by direct URL', async ({ page }) => {
    await signInAs(page, 'medic');
    await page.goto('/home/budget-report');
    await expect(page.getByRole('main').getByText('a screen this remote added')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Budget report' })).toBeVisible();
  });

  test('a remote whose declarations cannot be loaded shows as unavailable with Retry; other areas load', async ({
    page,
  }) => {
    await signInAs(page, 'medic');
    await page.goto('/home');
    const unavailable = sidebar(page).getByRole('listitem').filter({ hasText: 'Calendar is unavailable' });
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Calendar', exact: true })).toHaveCount(0);
    await unavailable.getByRole('button', { name: 'Retry' }).click();
    await expect(sidebar(page).getByText('Calendar is unavailable')).toBeVisible();
    // Sign out stays last
    await expect(sidebar(page).getByRole('listitem').last()).toHaveText('Sign out');
    await sidebar(page).getByRole('link', { name: 'Budgets', exact: true }).click();
    await expect(page).toHaveURL('/home/budget');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Budgets' })).toBeVisible();
    await expect(areaError(page)).toHaveCount(0);
  });

  test('a remote built against an incompatible kit major shows its area error panel; the shell works', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signInAs(page, 'medic');
    await page.goto('/home/clinic-details');
    await expect(areaError(page)).toBeVisible();
    await expect(areaError(page).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(errors.join('\n')).toContain('@clinic/kit');
    // its declarations were fine: its sidebar entries are there; the rest of the app works
    await expect(sidebar(page).getByRole('link', { name: 'Clinic info', exact: true })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Add Budget', exact: true }).click();
    await expect(page).toHaveURL('/home/addBudget');
    await expect(areaError(page)).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  });
});

test('pointed at the normal build, the remote has no such screen', async ({ page }) => {
  await signInAs(page, 'medic');
  await page.goto('/home');
  await expect(sidebar(page).getByRole('link', { name: 'Add Budget', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Budget report' })).toHaveCount(0);
  await page.goto('/home/budget-report');
  // a single segment is a patient ID to mf-patients, as any unknown one is
  await expect(page.getByRole('heading', { level: 1, name: 'Patient details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget report' })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('a screen this remote added')).toHaveCount(0);
});
