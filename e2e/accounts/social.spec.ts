import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, expectToast } from '../fixtures';
import { URLS } from '../ports';
import { dismiss } from './support';

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
  test('a new person becomes an incomplete patient, lands on /home/dataUpdate and completes their data', async ({
    page,
  }) => {
    test.slow(); // a round trip through the OpenID provider, then the whole data form with axe: more than 10 s on 2 cores
    const email = `social${Date.now()}@social.test`;
    await chooseAccount(page, email);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/home\/dataUpdate$/);
    await dismiss(page, 'Please complete your information!');

    // the profile form (Spanish messages), prefilled with what the provider told us
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect(field('Email')).toHaveValue(email);
    await expect(field('Birth')).toHaveValue('1997-02-15');
    await expectAccessible(page);
    await field('Document').fill('12ab');
    await expect(page.getByText('dni invalido')).toBeVisible();
    await field('Street').fill('');
    await page.getByRole('button', { name: 'Update my data' }).click();
    await dismiss(page, 'Your form has errors, please check it out.');
    await expect(page.getByText('Campo requerido').first()).toBeVisible();
    await expect(page).toHaveURL(/\/home\/dataUpdate$/);

    const document = String(30_000_000 + (Date.now() % 1_000_000));
    const values: [string, string][] = [
      ['First Name', 'Ned'],
      ['Last Name', 'Flanders'],
      ['Document', document],
      ['Telephone', '011 4555 0101'],
      ['Cellphone', '011 15 5555 0101'],
      ['Street', 'Evergreen Terrace'],
      ['Number', '744'],
      ['City', 'Springfield'],
      ['Postal Code', '4000'],
      ['Medical Service', 'OSDE'],
    ];
    for (const [label, value] of values) await field(label).fill(value);
    await page.getByRole('button', { name: 'Update my data' }).click();
    await expectToast(page, 'Your data has been updated successfully');
    await expect(page).toHaveURL(/\/home\/data$/);
    const data = page.getByRole('main');
    await expect(data.getByText(document)).toBeVisible();
    await expect(data.getByText('Flanders')).toBeVisible();
    await expect(data.getByText('02/15/1997')).toBeVisible();
    await expectAccessible(page);

    // complete now: the next social sign-in goes straight home, with no reminder
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Welcome, Ned Flanders')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
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
