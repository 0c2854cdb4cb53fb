import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// A path of another role's screen, or a typo, under /home: "Page not found" with a way home, never
// another screen's error (a medic on a patient's own screen is not looking at a patient record).

test('a medic on a patient-only path, or a path nobody has, gets Page not found', async ({ page }) => {
  await signInAs(page, 'medic');
  for (const path of ['/home/data', '/home/PatientCH', '/home/xyz']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect(page.getByText('Patient Not Found')).toHaveCount(0);
  }
});
