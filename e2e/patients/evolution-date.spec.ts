import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// A visit note is never dated after today: Add Evolution's date input stops at today (the clinic's);
// the server refuses a later date typed in anyway (routes/evolutions tests).
test('Add Evolution: the date input stops at today', async ({ page }) => {
  await signInAs(page, 'medic');
  await page.goto('/home/addEvolution/1');
  const date = page.getByLabel('Date', { exact: true });
  await expect(date).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  const max = (await date.getAttribute('max')) ?? '';
  // today in the clinic's time zone: within a day of today in UTC, whatever the zone
  const utc = Date.parse(new Date().toISOString().slice(0, 10));
  expect(Math.abs(Date.parse(max) - utc)).toBeLessThanOrEqual(86_400_000);
});
