import { expect, type Response, test } from '@playwright/test';
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
    'Recall (months)',
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

test("a treatment's recall interval is set, refused with a clear error, and cleared beside its price", async ({
  page,
}) => {
  await page.goto('/home/infoTreatments');
  const recall = page.getByLabel('Recall (months) of 0202');
  await expect(recall).toHaveValue('');
  const saves = (): Promise<Response> =>
    page.waitForResponse((r) => r.url().endsWith('/api/treatments') && r.request().method() === 'PUT');

  // out of range and not whole: refused under the field, nothing sent
  for (const wrong of ['0', '61', '2.5']) {
    await recall.fill(wrong);
    await recall.press('Enter');
    await expect(recall).toHaveAccessibleDescription(
      'The recall interval is a whole number of months from 1 to 60.',
    );
  }

  // six months, saved with the price by the same PUT, there after a reload
  await recall.fill('6');
  const saved = saves();
  await recall.press('Enter');
  const put = await saved;
  expect(put.status()).toBe(200);
  expect(put.request().postDataJSON()).toMatchObject({ ID: '0202', recallMonths: 6 });
  expect(put.request().postDataJSON().price).toEqual(expect.any(Number));
  await expect(recall).not.toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(page.getByLabel('Recall (months) of 0202')).toHaveValue('6');
  const listed = (await (await page.request.get('/api/treatments?q=0202')).json()) as {
    ID: string;
    recallMonths: number | null;
  }[];
  expect(listed.find((t) => t.ID === '0202')?.recallMonths).toBe(6);
  await expectAccessible(page);

  // emptied: no recall any more
  const again = page.getByLabel('Recall (months) of 0202');
  await again.fill('');
  const cleared = saves();
  await again.blur();
  expect((await cleared).request().postDataJSON()).toMatchObject({ ID: '0202', recallMonths: null });
  await page.reload();
  await expect(page.getByLabel('Recall (months) of 0202')).toHaveValue('');
});
