import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// A read a blip lost (the browser never went offline) is read again with Retry, without a reload.

for (const { path, api, shows } of [
  { path: '/home/clinic-details', api: '**/api/Clinics', shows: 'Demo Clinic' },
  { path: '/home/infoTreatments', api: '**/api/treatments?**', shows: 'Composite filling, one surface' },
]) {
  test(`${path}: a failed load offers Retry, which loads it`, async ({ page }) => {
    await signInAs(page, 'medic');
    // every read of it fails until Retry is shown, then the server answers again
    let failing = true;
    await page.route(api, (route) => (failing ? route.abort('connectionreset') : route.continue()));
    await page.goto(path);
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    failing = false;
    await retry.click();
    await expect(page.getByRole('main')).toContainText(shows);
  });
}
