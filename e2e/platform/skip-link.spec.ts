import { expect, type Page, test } from '@playwright/test';
import { type Role, signInAs } from '../fixtures';

/** The first Tab stop is 'Skip to content'; following it, the next Tab lands inside the main content. */
async function expectSkipLink(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).not.toBeEmpty();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => {
    const active = document.activeElement;
    return Boolean(active && document.getElementById('content')?.contains(active));
  });
  expect(inMain, `after the skip link, Tab lands in the main content of ${path}`).toBe(true);
}

const screens: [Role, string][] = [
  ['medic', '/home'],
  ['medic', '/home/budget'],
  ['medic', '/home/register'],
  ['patient', '/home/data'],
  ['patient', '/home/appointment'],
];

for (const [role, path] of screens) {
  test(`${role} ${path}: 'Skip to content' is the first Tab stop and skips the sidebar`, async ({ page }) => {
    await signInAs(page, role);
    await expectSkipLink(page, path);
  });
}
