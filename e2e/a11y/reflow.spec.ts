import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, type Role, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';
import { firstPatient, newBudget, PUBLIC_ROUTES, type RouteVisit, routesOf } from './routes';

// WCAG 1.4.10 Reflow: every screen of both roles at 320 × 640 CSS px, with no sideways scrolling
// (the document is no wider than the viewport, no table wider than its box) and a header title that wraps rather than being
// cut with an ellipsis. A screenshot of each screen is attached to the report.

test.use({ viewport: { width: 320, height: 640 } });

/** Opens a screen and waits until it has drawn its content (no request in flight, nothing busy). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#screen-heading')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** How the screen at 320 px fails reflow, or [] when it does not. */
async function reflowProblems(page: Page, route: RouteVisit): Promise<string[]> {
  return page.evaluate((path) => {
    const problems: string[] = [];
    const width = document.documentElement.scrollWidth;
    if (width > 320) {
      // name the elements that stick out, to say what to fix
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => el.getBoundingClientRect().right > 321)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      problems.push(`${path}: document is ${width} px wide (${wide.join(', ')})`);
    }
    // nor a table that only fits by scrolling sideways inside its own box: tables stack instead
    for (const box of Array.from(document.querySelectorAll<HTMLElement>('.table-scroll'))) {
      if (box.scrollWidth > box.clientWidth + 1) {
        const caption = box.querySelector('caption, th')?.textContent?.trim() ?? '';
        problems.push(
          `${path}: a table ("${caption}") is ${box.scrollWidth} px wide in a ${box.clientWidth} px box`,
        );
      }
    }
    const title = document.getElementById('screen-heading');
    if (title) {
      const style = getComputedStyle(title);
      if (style.textOverflow === 'ellipsis' || title.scrollWidth > title.clientWidth + 1) {
        problems.push(`${path}: the header title "${title.textContent}" is cut`);
      }
    }
    return problems;
  }, route.path);
}

for (const role of ['medic', 'patient'] as Role[]) {
  test(`every ${role} screen fits 320 px without sideways scrolling, title whole`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signInAs(page, role);
    const routes = await routesOf(page.request, role);
    expect(routes.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const route of routes) {
      await open(page, route.url);
      problems.push(...(await reflowProblems(page, route)));
      await testInfo.attach(`${role} ${route.path} at 320px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
    expect(problems).toEqual([]);
  });
}

test('the signed-out screens fit 320 px too', async ({ page }, testInfo) => {
  const problems: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    await open(page, route.url);
    problems.push(...(await reflowProblems(page, route)));
    await testInfo.attach(`public ${route.path} at 320px`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
  expect(problems).toEqual([]);
});

test('at 320 px the menu drawer has a backdrop, closes on a tap outside it and on Escape', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  await open(page, '/home/calendar');
  const menu = page.getByRole('button', { name: 'Menu' });
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const backdrop = page.getByTestId('menu-backdrop');
  await expect(sidebar).toBeHidden();

  await menu.click();
  await expect(sidebar).toBeVisible();
  await expect(backdrop).toBeVisible();
  await expectAccessible(page);
  // a tap on the page beside the drawer
  await page.mouse.click(310, 400);
  await expect(sidebar).toBeHidden();
  await expect(backdrop).toHaveCount(0);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(sidebar).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(menu).toBeFocused();
});

test('at 360 px the budgets and treatments tables fit as stacked rows and the agenda shows the patient whole', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'medic');
  await newBudget(page.request, await firstPatient(page.request));
  for (const url of ['/home/infoTreatments', '/home/budget']) {
    await open(page, url);
    const table = page.locator('main table').first();
    await expect(table).toBeVisible();
    const box = await table.boundingBox();
    expect(box && box.x + box.width, `${url}: the table's right edge`).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // each cell says which column it is in
    await expect(table.locator('tbody td[data-label]').first()).toBeVisible();
    await expectAccessible(page);
  }
  // the first row's price field is on screen (it was off to the right, at x≈586)
  await open(page, '/home/infoTreatments');
  const price = page.locator('main table tbody tr').first().locator('input:not([type="checkbox"])');
  const priceBox = await price.boundingBox();
  expect(priceBox && priceBox.x + priceBox.width).toBeLessThanOrEqual(360);

  // the calendar's narrow view is the agenda, with a turn of our own in its 30 days: the patient's
  // name starts well inside the screen (it started at x = 341). Its day is one no other journey
  // books (workdayAfter(3) was the day-in-the-clinic's "tomorrow" after a weekend, where this
  // turn once took its 09:00).
  const booked = await page.request.post('/api/turns', {
    data: {
      date: workdayAfter(26),
      time: 9 + (Date.now() % 28) / 4,
      duration: 0.25,
      description: 'Reflow check',
      PatientID: await firstPatient(page.request),
    },
  });
  expect([201, 409, 422]).toContain(booked.status());
  await open(page, '/home/calendar');
  // the toolbar offers what a phone can read: the month and the agenda, not the week and the day
  // (which showed the agenda anyway, their buttons doing nothing)
  const toolbar = page.locator('.rbc-toolbar');
  await expect(toolbar.getByRole('button', { name: 'Month' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Week' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Day', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Agenda' }).click();
  const cells = page.locator('.rbc-agenda-view .rbc-agenda-event-cell');
  await expect(cells.first()).toBeVisible();
  const cell = await cells.first().boundingBox();
  expect(cell?.x).toBeLessThan(120);
  expect(cell && cell.x + cell.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
