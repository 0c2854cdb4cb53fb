import { DEMO_CLINIC } from '@clinic/worker/demo';
import { expect, type Page, test } from '@playwright/test';
import { type Role, signInAs } from '../fixtures';
import { PUBLIC_ROUTES, type RouteVisit, routesOf } from './routes';

// WCAG 2.4.2: every screen has its own document title, '<screen title> · <clinic name>', made
// from the same declarations that title the header (signed out, the product's name stands in
// for the clinic's, which is not public).

/** Visits each route and reads its title once it names the clinic (`clinic`, read after the screen). */
async function titlesOf(page: Page, routes: readonly RouteVisit[], clinic: string): Promise<string[]> {
  const titles: string[] = [];
  for (const route of routes) {
    await page.goto(route.url);
    await expect(page.locator('#screen-heading'), route.path).toHaveText(route.title);
    // the screen's title names the screen and the clinic
    await expect(page, route.path).toHaveTitle(`${route.title} · ${clinic}`);
    titles.push(await page.title());
  }
  return titles;
}

/** Shown only where no clinic exists yet; here it sends on to Clinic info (its title: clinic/initial-config.spec.ts). */
const ONLY_WITHOUT_A_CLINIC = '/home/clinic-details/initial-config';

for (const role of ['medic', 'patient'] as Role[]) {
  test(`every ${role} screen has a title of its own naming the screen and the clinic`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, role);
    const routes = (await routesOf(page.request, role)).filter((r) => r.path !== ONLY_WITHOUT_A_CLINIC);
    const titles = await titlesOf(page, routes, DEMO_CLINIC.name);
    expect(new Set(titles).size, `duplicate titles: ${titles.join(' | ')}`).toBe(titles.length);
  });
}

test('the signed-out screens have titles of their own', async ({ page }) => {
  const titles = await titlesOf(page, PUBLIC_ROUTES, 'Clinic');
  expect(new Set(titles).size).toBe(titles.length);
});

test('a client-side navigation moves the focus to the new screen heading and announces it', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  await page.goto('/home');
  await expect(page.locator('#screen-heading')).toHaveText('Home');
  // loading a page leaves the focus alone: the skip link is still the first Tab stop
  await expect(page.locator('#screen-heading')).not.toBeFocused();
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await sidebar.getByRole('link', { name: 'Calendar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/calendar$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Calendar' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('screen-announcer')).toHaveText('Calendar');
  await expect(page).toHaveTitle(`Calendar · ${DEMO_CLINIC.name}`);
  // Tab from the heading goes on into the screen, not back to the top of the page
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});
