import { expect, test } from '@playwright/test';

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
