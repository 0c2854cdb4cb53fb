import { expect, test } from '@playwright/test';
import { expectAccessible, expectToast, signInRequest } from '../fixtures';
import { closesByItself, dismiss, loginWithForm, medicRecordOf, newPerson, signUpPatient } from './support';

// Change password while signed in. Every test uses a fresh account: the demo
// accounts keep their passwords for the other specs.

test.describe('change password', () => {
  let medic: { email: string; password: string; document: string };

  test.beforeEach(async ({ playwright, baseURL }) => {
    // A medic registered by the demo medic ('Medical record') is approved at once.
    medic = newPerson('pwmedic');
    const demo = await playwright.request.newContext({ baseURL });
    await signInRequest(demo, 'medic');
    const res = await demo.post('/api/medics', {
      data: medicRecordOf(medic, new URL('/logo.png', baseURL).href),
    });
    expect(res.status(), await res.text()).toBe(201);
    await demo.dispose();
  });

  test('a medic: mismatch, then success, back at / and only the new password works', async ({ page }) => {
    await loginWithForm(page, medic.email, medic.password);
    await page.goto('/home/changePassword');
    await expect(page.getByLabel('Current Password')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Current Password').fill(medic.password);
    await page.getByLabel('New Password').fill('Changed2026');
    await page.getByLabel('Confirm Password').fill('Changed2027');
    await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription(
      'The new passwords does not match',
    );
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog')).toContainText('Please try again');
    await dismiss(page, 'The new passwords does not match');
    await expect(page).toHaveURL(/\/home\/changePassword$/);

    await page.getByLabel('Confirm Password').fill('Changed2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Please login again');
    await closesByItself(page, 'Password updated');
    await expect(page).toHaveURL(/\/$/);

    // the old password is dead, the new one signs in
    await page.getByLabel('Email').fill(medic.email);
    await page.getByLabel('Password').fill(medic.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toContainText('Incorrect username or password');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await loginWithForm(page, medic.email, 'Changed2026');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a wrong current password sends the medic to the login page for safety', async ({ page }) => {
    await loginWithForm(page, medic.email, medic.password);
    await page.goto('/home/changePassword');
    await page.getByLabel('Current Password').fill('NotMine2026');
    await page.getByLabel('New Password').fill('Changed2026');
    await page.getByLabel('Confirm Password').fill('Changed2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await dismiss(
      page,
      'There was an error updating your password, you were redirected to the login page for your safety',
    );
    await expect(page).toHaveURL(/\/$/);
    // nothing changed: the password still signs in
    await loginWithForm(page, medic.email, medic.password);
  });
});

test.describe('update password (patient)', () => {
  test('a fresh patient at /home/updatePassword: mismatch, then success, back at / and the new password works', async ({
    page,
  }) => {
    test.slow(); // a sign-up, two password forms with axe, a sign-out and two sign-ins: more than 10 s on 2 cores
    const patient = newPerson('pwpatient');
    await signUpPatient(page.request, patient, { name: 'Agnes', lastName: 'Skinner', birth: '1950-05-12' });

    await loginWithForm(page, patient.email, patient.password);
    await page.goto('/home/updatePassword');
    await expect(page.getByLabel('Current Password')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Current Password').fill(patient.password);
    await page.getByLabel('New Password').fill('Renewed2026');
    await page.getByLabel('Confirm Password').fill('Renewed2027');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog')).toContainText('Please try again');
    await expectAccessible(page);
    await dismiss(page, 'The new passwords does not match');
    await expect(page).toHaveURL(/\/home\/updatePassword$/);

    await page.getByLabel('Confirm Password').fill('Renewed2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Please login again');
    await closesByItself(page, 'Password updated');
    await expect(page).toHaveURL(/\/$/);

    // the old password is dead, the new one signs in to the patient's home
    await page.getByLabel('Email').fill(patient.email);
    await page.getByLabel('Password').fill(patient.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toContainText('Incorrect username or password');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await loginWithForm(page, patient.email, 'Renewed2026');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'My data' }).first()).toBeVisible();
  });
});
