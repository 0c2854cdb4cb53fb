import { expect, test } from '@playwright/test';
import { expectAccessible, expectToast, signInAs } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'medic');
});

test('the medic updates their own info and returns home', async ({ page }) => {
  test.slow(); // the whole medic form filled, saved and checked on the way home: more than 10 s on 2 cores
  await page.goto('/home/updateMedic');
  await expect(page.getByLabel('First Name')).toHaveValue('Gregory');
  await expect(page.getByLabel('Specialization')).toHaveValue('General dentistry');
  await expect(page.getByRole('link', { name: 'Change Password' })).toHaveAttribute(
    'href',
    '/home/changePassword',
  );
  await expectAccessible(page);

  // Bad input shows its message under the field and blocks the submit.
  await page.getByLabel('Telephone').fill('123');
  await expect(page.getByLabel('Telephone')).toHaveAccessibleDescription(/at least 9 characters/);
  await page.getByRole('button', { name: 'Update My Info' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your form has errors, please check it out.');
  await page.keyboard.press('Escape');

  await page.getByLabel('Telephone').fill('1145550199');
  await page.getByLabel('City').fill('Princeton');
  await page.getByLabel('Tuition Date').fill('1999-04-02');
  await page.getByRole('button', { name: 'Update My Info' }).click();
  await expectToast(page, 'Your information has been updated.');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/home/updateMedic');
  await expect(page.getByLabel('City')).toHaveValue('Princeton');
  await expect(page.getByLabel('Tuition Date')).toHaveValue('1999-04-02');
});

test('changing the email asks for the current password; a wrong one is refused under its field', async ({
  page,
}) => {
  await page.goto('/home/updateMedic');
  await expect(page.getByLabel('First Name')).toHaveValue('Gregory');
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('Email').fill('house.new@clinic.test');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await page.getByLabel('Current password').fill('NotMine2026');
  await page.getByRole('button', { name: 'Update My Info' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your form has errors, please check it out.');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
    'The current password is not correct.',
  );
  // back to the same email: no password asked, and nothing was changed
  await page.getByLabel('Email').fill('medic@clinic.test');
  await expect(page.getByLabel('Current password')).toHaveCount(0);
});
