import { tooManyAttemptsIn } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { dismiss } from '../accounts/support';
import { expectAccessible } from '../fixtures';

// A rate limit's 429 pop-up shows the answer's words, which say how long to wait (the server words
// them from the seconds its Retry-After carries: whole minutes rounded up, 'in a minute' under one;
// the API tests check that). The server's answer is stood in for here, as the server writes it, so
// the spec uses up no real limit of the shared run.

/** The next call to `path` answers the rate limit's 429, `seconds` to wait, as the server does. */
async function limited(page: Page, path: string, seconds: number): Promise<void> {
  await page.route(
    `**${path}`,
    (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': String(seconds) },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'too_many_requests', msg: tooManyAttemptsIn(seconds) }),
      }),
    { times: 1 },
  );
}

test('the sign-in screen says how long to wait: 47 minutes', async ({ page }) => {
  await page.goto('/');
  await limited(page, '/api/login', 2820);
  await page.getByLabel('Email').fill('someone@clinic.test');
  await page.getByLabel('Password').fill('Whatever2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toContainText('Too many attempts, please try again in 47 minutes.');
  await expect(page.getByRole('dialog')).not.toContainText('a few minutes');
  await expectAccessible(page);
  await dismiss(page, 'in 47 minutes');
});

test('the password reset screen says it too; under a minute it is in a minute', async ({ page }) => {
  await page.goto('/PasswordReset');
  await page.getByLabel('Email').fill('someone@clinic.test');
  await limited(page, '/api/password/reset', 30);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await dismiss(page, 'Too many attempts, please try again in a minute.');
});
