import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible } from '../fixtures';

test.describe('login page', () => {
  test('shows the login form, clears any stored login and passes axe', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('clinic.login', JSON.stringify({ email: 'someone@clinic.test' }));
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/SignUp');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/PasswordReset',
    );
    await expect.poll(() => page.evaluate(() => localStorage.getItem('clinic.login'))).toBeNull();
    await expectAccessible(page);
  });

  test('shows the SPEC messages under the fields and refuses to submit', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toContainText('Fields must be completed correctly');
    await page.keyboard.press('Escape');
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Username is invalid')).toBeVisible();
    await page.getByLabel('Password').fill('abcdefgh');
    await expect(page.getByText('Password is invalid')).toBeVisible();
    await page.getByLabel('Password').fill('abc1');
    await expect(page.getByText('Password must be greater than 8 digits')).toBeVisible();
    await page.getByLabel('Password').fill('abcdefghij1234567890x');
    await expect(page.getByText('Password must be less than 20 digits')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a wrong password shows Incorrect username or password', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(ACCOUNTS.medic.email);
    await page.getByLabel('Password').fill('Wrong2026x');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toContainText('Incorrect username or password');
    await expect(page).toHaveURL('/');
  });

  test('the demo medic signs in and lands on /home with the medic sidebar', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(ACCOUNTS.medic.email);
    await page.getByLabel('Password').fill(ACCOUNTS.medic.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Home',
      'Calendar',
      'Register Patient',
      'Budgets',
      'Add Budget',
      'Clinic info',
      'Update My Info',
      'Treatments Info',
      'Sign out',
    ]) {
      await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    // the identity is mirrored in localStorage, never the token
    const stored = await page.evaluate(() => localStorage.getItem('clinic.login') ?? '');
    expect(JSON.parse(stored)).toMatchObject({ email: ACCOUNTS.medic.email });
    expect(stored).not.toContain('token');
  });

  test('signed-out visitors of /home are sent to the login page', async ({ page }) => {
    await page.goto('/home/calendar');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
