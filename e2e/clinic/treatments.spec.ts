import { expect, test } from '@playwright/test';
import { expectAccessible, signInAs } from '../fixtures';

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'medic');
});

test('the treatments table pages by 10 and a price edited inline persists', async ({ page }) => {
  await page.goto('/home/infoTreatments');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    '',
    'ID',
    'Creation Date',
    'Update Date',
    'Treatment Type',
    'Description',
    'Price',
  ]);
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expectAccessible(page);

  // An invalid price is refused under the field and not saved.
  const price = page.getByLabel('Price of 0202');
  await price.fill('-5');
  await price.press('Enter');
  await expect(price).toHaveAccessibleDescription('Must be a positive number');

  await price.fill('6450.5');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/treatments') && r.request().method() === 'PUT',
  );
  await price.press('Enter');
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByLabel('Price of 0202')).toHaveValue('6450.5');

  // Checkbox selection and the second page.
  await page.getByLabel('Select treatment 0101').check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(4);

  // Put the demo price back as other specs expect it.
  const restore = await page.request.put('/api/treatments', { data: { ID: '0202', price: 6200 } });
  expect(restore.status()).toBe(200);
});
