import { expect, type Page, test } from '@playwright/test';
import { dismiss, newPerson, signUpPatient } from '../accounts/support';
import { toast } from '../fixtures';

// Success messages are status toasts that close by themselves after 1500 ms; errors are pop-ups that stay until closed. The page's clock is
// under the test's hand: paused before the action and moved on by exact amounts. A first error
// pop-up loads the pop-up's code, so the paused clock holds nothing but the pop-up's own timer.

async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
}

test("'Check your email box' / 'Go check your email!' closes by itself after 1500 ms; an error stays", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/PasswordReset');
  await page.getByLabel('Email').fill('somebody@clinic.test');

  // the service fails once: an error pop-up, which does not close by itself
  await page.route('**/api/password/reset', (route) => route.fulfill({ status: 500, body: 'down' }), {
    times: 1,
  });
  await page.getByRole('button', { name: 'Send reset email' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await pauseClock(page);
  await page.clock.runFor(10_000);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Send reset email' }).click();
  const done = toast(page, 'Check your email box');
  await expect(done).toContainText('Go check your email!');
  // a toast, not a dialog: it takes no focus and the page stays usable
  await expect(dialog).toHaveCount(0);
  await page.clock.runFor(1400);
  await expect(done).toBeVisible();
  await page.clock.runFor(100);
  await expect(done).toBeHidden();
});

test("'Password updated' / 'Please login again' goes to / at once and closes after 1500 ms", async ({
  page,
  request,
}) => {
  const who = newPerson('popup');
  await signUpPatient(request, who, { name: 'Agnes', lastName: 'Skinner', birth: '1940-02-02' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  await page.clock.install();
  await page.goto('/home/updatePassword');
  await page.getByLabel('Current Password').fill(who.password);
  await page.getByLabel('New Password').fill('Changed2026');
  // a mismatch first: its error pop-up stays until closed
  await page.getByLabel('Confirm Password').fill('Changed2027');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await dismiss(page, 'The new passwords does not match');

  await page.getByLabel('Confirm Password').fill('Changed2026');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const done = toast(page, 'Password updated');
  await expect(done).toContainText('Please login again');
  // nothing waits for the toast: the sign-in page is there while it still shows
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(1400);
  await expect(done).toBeVisible();
  await page.clock.runFor(100);
  await expect(done).toBeHidden();
});

test("a malformed email on Forgot password says 'Incorrect User'", async ({ page }) => {
  await page.goto('/PasswordReset');
  await page.getByLabel('Email').fill('bad-email');
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByRole('dialog', { name: 'Incorrect User' })).toBeVisible();
});
