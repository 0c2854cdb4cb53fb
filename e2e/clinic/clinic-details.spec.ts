import { expect, test } from '@playwright/test';
import { expectAccessible, expectToast, signInAs } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'medic');
  // The demo clinic's street as other specs expect it, even after an attempt that stopped midway.
  const reset = await page.request.put('/api/Clinics/1', { data: { street: 'Main Street' } });
  expect(reset.status()).toBe(200);
});

test('clinic details show the clinic; the update form is prefilled and saves', async ({ page }) => {
  test.slow(); // two screens with axe and the whole clinic form saved: more than 10 s on 2 cores
  await page.goto('/home/clinic-details');
  await expect(page.getByText('Demo Clinic').first()).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Demo Clinic');
  await expect(page.getByText('Main Street')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Update Clinic Data' }).click();
  await expect(page).toHaveURL(/\/home\/clinic-details\/update-data$/);
  await expect(page.getByLabel('Street')).toHaveValue('Main Street');
  await expect(page.getByLabel('Standard turn duration (minutes)')).toHaveValue('30');
  await expectAccessible(page);

  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Insert a valid email');
  await page.getByLabel('Email').fill('info@clinic.test');
  await page.getByLabel('Street').fill('Second Street');
  await page.getByRole('button', { name: 'Update details' }).click();
  await expectToast(page, 'Update clinic details successfully.');
  await expect(page).toHaveURL(/\/home\/clinic-details$/);
  await expect(page.getByText('Second Street')).toBeVisible();
  await expect(page.getByText('Monday')).toBeVisible();

  // Put the demo clinic back as other specs expect it.
  const restore = await page.request.put('/api/Clinics/1', { data: { street: 'Main Street' } });
  expect(restore.status()).toBe(200);
});
