import { expect, test } from '@playwright/test';
import { approvedMedic } from '../accounts/support';
import { signInAs } from '../fixtures';

// The week and day grids at a laptop's 1440 px, as a desk with two dentists sees them.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

test("the day view's time column passes under the page header when the page scrolls", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Two approved medics at least: the day view then has a column each and a sticky time column.
  const signUp = await playwright.request.newContext({ baseURL });
  const approver = await playwright.request.newContext({ baseURL });
  await approvedMedic(signUp, approver, 'gutter');
  await signUp.dispose();
  await approver.dispose();

  await signInAs(page, 'medic');
  await page.goto('/home/calendar');
  await page.locator('.rbc-toolbar').getByRole('button', { name: 'Day', exact: true }).click();
  const gutter = page.locator('.rbc-time-view-resources .rbc-time-content .rbc-time-gutter');
  await expect(gutter).toBeVisible({ timeout: 30_000 });

  // The page scrolled until the time column's top is under the sticky header.
  await gutter.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const header = page.locator('header').first();
  const headerBox = await header.boundingBox();
  const gutterBox = await gutter.boundingBox();
  if (!headerBox || !gutterBox) throw new Error('no header or time column');
  expect(gutterBox.y).toBeLessThan(headerBox.y + headerBox.height);
  const x = gutterBox.x + gutterBox.width / 2;
  const y = headerBox.y + headerBox.height / 2;
  const onTop = await page.evaluate(
    ([px, py]) => document.elementFromPoint(px as number, py as number)?.closest('header') !== null,
    [x, y],
  );
  await page.screenshot({ path: testInfo.outputPath('day-view-scrolled.png') });
  expect(onTop, 'the header is drawn over the time column').toBe(true);
});
