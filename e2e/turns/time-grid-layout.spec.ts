import { expect, test } from '@playwright/test';
import { newApprovedMedic } from '../accounts/support';
import { expectAccessible, signInAs } from '../fixtures';
import { openWeekOf, workdayAfter } from './support';

// The week and day grids at a laptop's 1440 px, as a desk with two dentists sees them.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

test("the day view's time column passes under the page header when the page scrolls", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Two approved medics at least: the day view then has a column each and a sticky time column.
  await newApprovedMedic(playwright.request, baseURL, 'gutter');

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

test("the week view shows a 30-minute turn's patient by name, and names it in full", async ({
  page,
}, testInfo) => {
  const date = workdayAfter(74 + 7 * testInfo.retry);
  await signInAs(page, 'medic');
  const found = (await (await page.request.get('/api/patients?q=35123456')).json()) as { ID: number }[];
  const res = await page.request.post('/api/turns', {
    data: { date, time: 12.5, duration: 0.5, description: 'Week view', PatientID: found[0]?.ID },
  });
  expect(res.status(), await res.text()).toBe(201);

  await openWeekOf(page, date, 'Simpson');
  // the week's narrow columns write the patient first
  const event = page.locator('.rbc-event', { hasText: 'Simpson, Lisa 12:30' }).first();
  await event.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('week-view.png') });
  // The patient's last name (and the ellipsis that may follow it) fits the width that clips the
  // turn's text, in the font it is drawn with: it is not cut off.
  const nameInside = await event.evaluate((el) => {
    const content = el.querySelector<HTMLElement>('.rbc-event-content');
    const text = content?.textContent ?? '';
    if (!content || !text.startsWith('Simpson')) return `the turn reads '${text}'`;
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return 'no canvas';
    ctx.font = getComputedStyle(content).font;
    const fits = ctx.measureText(text).width <= content.clientWidth;
    const needed = ctx.measureText('Simpson').width + (fits ? 0 : ctx.measureText('…').width);
    return needed <= content.clientWidth
      ? 'inside'
      : `'Simpson' needs ${needed} px of ${content.clientWidth}`;
  });
  expect(nameInside).toBe('inside');
  // Its accessible name is the whole text, as shown.
  await expect(event).toHaveAccessibleName(/^Simpson, Lisa 12:30.*, turn$/);
  await expectAccessible(page);
});
