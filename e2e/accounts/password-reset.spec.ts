import { expect, test } from '@playwright/test';
import { expectAccessible, expectToast } from '../fixtures';
import { closesByItself, loginWithForm, newPerson, signUpPatient } from './support';

test.describe('password reset through the mailed link', () => {
  test('reset mail from the outbox, new password, old one dead, new one signs in', async ({
    page,
    request,
  }) => {
    test.slow(); // two screens, the outbox, a reset form and two sign-ins (one refused): more than 10 s on 2 cores
    const who = newPerson('reset');
    await signUpPatient(request, who, { name: 'Seymour', lastName: 'Skinner', birth: '1960-01-01' });

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/PasswordReset$/);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Send reset email' }).click();
    await expectToast(page, 'Check your email box');
    await closesByItself(page, 'Go check your email!');

    // the mail service's local outbox holds the link
    const outbox = await (await request.get('/api/dev/outbox')).json();
    const mail = (outbox as { to: string; body: string }[]).find((m) => m.to === who.email);
    const link = /https?:\/\/[^\s]+\/newPassword#token=[\w%-]+/.exec(mail?.body ?? '')?.[0];
    expect(link, 'reset link in the mail').toBeTruthy();
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').hash);

    await expectAccessible(page);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('New password').fill('Renewed2026');
    await page.getByLabel('Confirm password').fill('Renewed2027');
    await expect(page.getByText('Password must be confirmed')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Renewed2026');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectToast(page, 'Password updated successfully');
    await expect(page).toHaveURL(/\/$/);

    // the old password is dead, the new one works
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toContainText('Incorrect username or password');
    await loginWithForm(page, who.email, 'Renewed2026');
  });

  test('the new-password form without a token from the mail is refused', async ({ page }) => {
    await page.goto('/newPassword');
    await page.getByLabel('Email').fill('someone@clinic.test');
    await page.getByLabel('New password').fill('Renewed2026');
    await page.getByLabel('Confirm password').fill('Renewed2026');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('dialog')).toContainText('Error updating password');
    await expect(page).toHaveURL(/\/newPassword$/);
  });

  test('the lower-case route works too and a malformed email is refused under the field', async ({
    page,
  }) => {
    await page.goto('/passwordReset');
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: 'Send reset email' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
  });
});
