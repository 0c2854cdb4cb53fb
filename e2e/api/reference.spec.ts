import { expect, test } from '@playwright/test';

test('the API reference renders offline under its CSP: the login operation and its 200 answer schema', async ({
  page,
}) => {
  const refused: string[] = [];
  const outside: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  page.on('request', (request) => {
    if (
      !request.url().startsWith(new URL(page.url() || 'http://localhost').origin) &&
      !request.url().startsWith('data:')
    )
      outside.push(request.url());
  });
  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");

  // The login operation, by its summary, with its Markdown description rendered (no raw `**`).
  const login = page.locator('[id*="POST/api/login"]').first();
  await expect(login).toBeVisible({ timeout: 20_000 });
  await login.scrollIntoViewIfNeeded();
  await expect(login.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(login.getByText('Who may call it:', { exact: true })).toBeVisible();
  await expect(login).not.toContainText('**Who may call it:**');
  // Its answers: 200 and the LoginResult schema's fields.
  const ok = login.getByRole('button', { name: /^200 Signed in/ }).first();
  await expect(ok).toBeVisible();
  // the answer's schema unfolds under its status
  if ((await ok.getAttribute('aria-expanded')) !== 'true') await ok.click();
  await expect(login.getByText('userType', { exact: true }).first()).toBeVisible();
  await expect(login.getByText('secondFactor', { exact: true }).first()).toBeVisible();
  // A local server lets the reader try it.
  await expect(login.getByRole('button', { name: /Test Request/i }).first()).toBeVisible();

  expect(refused).toEqual([]);
});
