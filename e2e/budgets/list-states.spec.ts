import { expect, test } from '@playwright/test';
import { expectAccessible, signInAs } from '../fixtures';

test('Budgets list: Loading... while it loads, the empty state for an empty clinic, Budget Not Found only for a search', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  // The first answer is held until the test has seen 'Loading...', then answers an empty clinic.
  let release = (): void => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/Budgets',
    async (route) => {
      await held;
      await route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } });
    },
    { times: 1 },
  );
  await page.goto('/home/budget');
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  release();
  await expect(page.getByText('No budgets yet.')).toBeVisible();
  await expect(page.getByText('Budget Not Found')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await expectAccessible(page);

  // a search that finds nothing: the banner with its dismiss button
  await page.getByLabel('Search by patient name or DNI').fill('nobody by this name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Budget Not Found')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Budget Not Found')).toHaveCount(0);
  await expect(page.getByLabel('Search by patient name or DNI')).toHaveValue('');
});
