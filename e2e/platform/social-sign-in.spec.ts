import { expect, test } from '@playwright/test';
import { expectAccessible } from '../fixtures';
import { URLS } from '../ports';

// "Sign in with Google" shows only where social sign-in is configured: the main app has OIDC_*
// (playwright.config.ts), the rewired deployment has none.
test.describe('without OIDC configured', () => {
  test.use({ baseURL: URLS.rewired, extraHTTPHeaders: { Origin: URLS.rewired } });

  test('the login page has no "Sign in with Google", at 1440 and 360 px', async ({ page }) => {
    for (const width of [1440, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
      await expect(page.getByText('or', { exact: true })).toHaveCount(0);
    }
    await expectAccessible(page);
  });
});

test('with OIDC configured it shows', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
});
