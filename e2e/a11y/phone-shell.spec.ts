import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// The shell on a phone (360 px): the menu drawer, the offline notice, a stacked table's caption,
// and a read the network lost.
test.use({ viewport: { width: 360, height: 740 } });

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#screen-heading')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Whether the focus is in the page content (under the drawer's backdrop). */
const focusInContent = (page: Page): Promise<boolean> =>
  page.evaluate(() => Boolean(document.getElementById('content')?.contains(document.activeElement)));

test('the opened menu drawer takes the focus, and Tab goes through its links, not the page behind it', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  await open(page, '/home');
  const menu = page.getByRole('button', { name: 'Menu' });
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(sidebar).toBeVisible();
  // the drawer's first link has the focus
  await expect(sidebar.getByRole('link').first()).toBeFocused();
  // every Tab stop while it is open is in the drawer or the header above it, never the content
  const links = await sidebar.getByRole('link').count();
  let inDrawer = 0;
  for (let i = 0; i < links + 3; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInContent(page), `Tab ${i + 1} went to the content behind the drawer`).toBe(false);
    if (await sidebar.evaluate((nav) => nav.contains(document.activeElement))) inDrawer++;
  }
  expect(inDrawer).toBeGreaterThanOrEqual(links - 1);
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(menu).toBeFocused();
});

test("the offline notice leaves the header's controls in reach", async ({ page, context }) => {
  await signInAs(page, 'patient');
  await open(page, '/home/data');
  await context.setOffline(true);
  const notice = page.getByRole('status', { name: 'Connection' });
  await expect(notice).toHaveText(MSG.offline);
  const header = await page.locator('header').first().boundingBox();
  const box = await notice.boundingBox();
  expect(header && box, 'header and notice drawn').toBeTruthy();
  if (header && box) {
    expect(box.y, 'the notice starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
  }
  // a tap on Menu reaches it (Playwright fails the click when another element would take it)
  await page.getByRole('button', { name: 'Menu' }).click({ timeout: 5000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Payments' }).click({ trial: true, timeout: 5000 });
  await context.setOffline(false);
  await expect(notice).toHaveText(MSG.backOnline);
});

test("My data's Sessions table: its caption spans the stacked table's full width", async ({ page }) => {
  await signInAs(page, 'patient');
  await open(page, '/home/data');
  const table = page.getByRole('table', { name: 'Where your account is signed in now' });
  await expect(table).toBeVisible();
  const caption = await table.locator('caption').boundingBox();
  const box = await table.boundingBox();
  expect(caption && box, 'table and caption drawn').toBeTruthy();
  if (caption && box) expect(caption.width).toBeGreaterThanOrEqual(box.width - 2);
});

test('a read the network lost says so with Retry, and loads again on Retry or once back online', async ({
  page,
  context,
}) => {
  await signInAs(page, 'patient');
  const ownRecord = (url: URL): boolean => url.pathname === '/api/patients' && url.searchParams.has('email');
  await page.route(ownRecord, (route) => route.abort('failed'));
  await page.goto('/home/data');
  const failed = page.getByRole('alert').filter({ hasText: MSG.loadNetworkFailure });
  await expect(failed).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  const retry = page.getByRole('button', { name: 'Retry' });

  // the network is back: Retry loads the data
  await page.unroute(ownRecord);
  await retry.click();
  await expect(page.getByRole('link', { name: 'Update my data' })).toBeVisible();
  await expect(failed).toHaveCount(0);

  // lost again, then the browser goes offline and comes back: it loads by itself
  await page.route(ownRecord, (route) => route.abort('failed'));
  await page.reload();
  await expect(failed).toBeVisible();
  await page.unroute(ownRecord);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Update my data' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("a remote's own screen offers Retry too: the patient's Payments with its budgets lost, then back", async ({
  page,
}) => {
  await signInAs(page, 'patient');
  const budgets = (url: URL): boolean => url.pathname === '/api/Budgets';
  await page.route(budgets, (route) => route.abort('failed'));
  await page.goto('/home/payments');
  const failed = page.getByRole('alert').filter({ hasText: MSG.loadNetworkFailure });
  await expect(failed.first()).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toHaveCount(1);
  await page.unroute(budgets);
  // the network is back: the page's Retry loads the unpaid budgets; the paid ones, lost too, have
  // their own Retry in their section
  await retry.click();
  const paid = page.getByRole('region', { name: MSG.paidBudgets, exact: true });
  await paid.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toHaveCount(0);
  await expect(retry).toHaveCount(0);
});
