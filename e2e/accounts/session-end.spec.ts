import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// When the session ends mid-use, the next API call answers 401 and the UI returns to /.
test('a session that ends mid-use sends the user back to the login page', async ({ page }) => {
  await signInAs(page, 'medic');
  await page.goto('/home/clinic-details');
  await expect(page.getByText('Main Street')).toBeVisible();
  // The session ends behind the screen's back (as after idle expiry): the cookie is gone.
  await page.context().clearCookies();
  await page.getByRole('link', { name: 'Treatments Info' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('clinic.login'))).toBeNull();
});
