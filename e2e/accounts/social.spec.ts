import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS } from '../fixtures';
import { URLS } from '../ports';

/**
 * The stand-in issuer signs in whoever the authorization request names in `login_hint`; a real
 * provider would ask. The browser reaches the issuer by a redirect, which page.route cannot see,
 * so the test rewrites the app's redirect to add it.
 */
async function chooseAccount(page: Page, email: string): Promise<void> {
  await page.route('**/api/auth/oidc/start', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(response.headers().location ?? '');
    expect(location.origin).toBe(URLS.oidc);
    location.searchParams.set('login_hint', email);
    await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
  });
}

test.describe('social sign-in (OpenID Connect against oauth2-mock-server)', () => {
  test('a new person becomes an incomplete patient and lands on /home/dataUpdate', async ({ page }) => {
    await chooseAccount(page, `social${Date.now()}@social.test`);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/home\/dataUpdate$/);
    await expect(page.getByRole('dialog')).toContainText('Please complete your information!');
  });

  test('an email with a password account is not linked: Please, complete with your password', async ({
    page,
  }) => {
    await chooseAccount(page, ACCOUNTS.patient.email);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('dialog')).toContainText('Please, complete with your password');
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});
