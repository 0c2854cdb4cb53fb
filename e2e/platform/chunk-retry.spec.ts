import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// A file of the shell that fails once (a dropped connection, a proxy's 502) is asked for again
// instead of leaving the page blank with "Clinic could not start".
test('a script of the shell answered 502 once is asked for again, and the app starts', async ({ page }) => {
  const asked = new Map<string, number>();
  await page.route('**/static/js/async/*.js', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const times = (asked.get(path) ?? 0) + 1;
    asked.set(path, times);
    if (times === 1) await route.fulfill({ status: 502, body: 'Bad Gateway' });
    else await route.continue();
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /could not start/i.test(message.text())) errors.push(message.text());
  });

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  // Every async script the page needed failed once and was asked for a second time.
  expect(asked.size).toBeGreaterThan(0);
  expect([...asked.values()].every((times) => times === 2)).toBe(true);
});

// A remote's own chunks (/mf/<name>/static/js/async/…, loaded by the remote's runtime) are retried
// the same way (kit/mf-build.ts, pluginChunkRetry), so one 502 does not leave its area at
// 'This area could not be loaded'.
test("a remote's chunk answered 502 once is asked for again, and its area loads", async ({ page }) => {
  await signInAs(page, 'medic');
  const asked = new Map<string, number>();
  await page.route('**/mf/*/static/js/async/*.js', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const times = (asked.get(path) ?? 0) + 1;
    asked.set(path, times);
    if (times === 1) await route.fulfill({ status: 502, body: 'Bad Gateway' });
    else await route.continue();
  });
  await page.goto('/home/budget');
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.getByText('This area could not be loaded')).toHaveCount(0);
  expect([...asked.keys()].some((path) => path.startsWith('/mf/budgets/'))).toBe(true);
  expect([...asked.values()].every((times) => times === 2)).toBe(true);
});
