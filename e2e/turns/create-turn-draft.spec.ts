import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from './support';

// A reload of the calendar (a network blip, a crash, a mistaken F5) never loses the turn being
// typed in Create a Turn: it is the signed-in user's draft until the turn is booked.
test.use({ viewport: { width: 1440, height: 900 } });

const region = (page: Page) => page.getByRole('region', { name: 'Create a Turn' });

test('Create a Turn: the turn typed survives a reload, and goes once booked', async ({ page }, testInfo) => {
  test.slow(); // the calendar loads three times on 2 cores
  const date = workdayAfter(78 + 7 * testInfo.retry);
  await signInAs(page, 'medic');
  await page.goto('/home/calendar');
  let create = region(page);
  await expect(create).toBeVisible({ timeout: 30_000 });
  await create.getByRole('textbox', { name: 'Patient' }).fill('Patient@Clinic');
  await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill('11:15');
  await create.getByLabel('Description').fill('Kept across a reload');

  await page.reload();
  create = region(page);
  await expect(create).toBeVisible({ timeout: 30_000 });
  await expect(create.getByRole('status').filter({ hasText: MSG.draftRestored })).toBeVisible();
  await expect(create.getByText('Simpson, Lisa')).toBeVisible();
  await expect(create.getByLabel('Date')).toHaveValue(date);
  await expect(create.getByLabel('Time')).toHaveValue('11:15');
  await expect(create.getByLabel('Description')).toHaveValue('Kept across a reload');
  await expectAccessible(page);

  await create.getByRole('button', { name: 'Create Turn' }).click();
  await expectToast(page, 'Turn successfully created.');
  await expect(create.getByLabel('Description')).toHaveValue('');
  await page.reload();
  create = region(page);
  await expect(create).toBeVisible({ timeout: 30_000 });
  await expect(create.getByLabel('Description')).toHaveValue('');
  await expect(create.getByRole('textbox', { name: 'Patient' })).toHaveValue('');
  await expect(create.getByRole('status').filter({ hasText: MSG.draftRestored })).toHaveCount(0);
});
