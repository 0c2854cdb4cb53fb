import AxeBuilder from '@axe-core/playwright';
import { DEMO_MEDIC, DEMO_PATIENT } from '@clinic/worker/demo';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const ACCOUNTS = {
  medic: DEMO_MEDIC,
  patient: DEMO_PATIENT,
} as const;

export type Role = keyof typeof ACCOUNTS;

/** Signs in through the API (the browser context keeps the session cookie), skipping the login form. */
export async function signInAs(page: Page, role: Role, baseURL?: string): Promise<void> {
  await signInRequest(page.request, role, baseURL);
}

export async function signInRequest(request: APIRequestContext, role: Role, baseURL?: string): Promise<void> {
  const res = await request.post(`${baseURL ?? ''}/api/login`, { data: ACCOUNTS[role] });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fails with the list of WCAG A/AA violations axe finds on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

/** Marks the current document so a test can tell a client-side navigation from a full reload. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
}

/**
 * A success message (SPEC's words): a status toast in the page's polite live region. It is not a
 * dialog, takes no focus and closes by itself after 1500 ms.
 */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Waits for the success toast showing `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text)).toBeVisible();
}
