import AxeBuilder from '@axe-core/playwright';
import { CONDITION_KEYS } from '@clinic/worker/contract';
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

/**
 * Fails with the list of WCAG A/AA violations axe finds on the page as it is now. Legacy mode runs
 * axe in the page alone, without a second page to merge frames' results (about 1 s less a scan on
 * 2 cores): it does not look inside frames, and the app's one frame is the clinical history's PDF
 * preview (a PDF, which axe cannot read either way). Label in name (an accessible name that starts
 * with the visible text, so a speech user can say what they see) is checked too: axe leaves that
 * rule out of its WCAG tags, so it is switched on by name.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    // options() first: it replaces the options object, and withTags() then adds the tags to it.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode(true)
    .analyze();
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

/** A clinical history for POST /api/clinicalhistories: every condition answered NO, then `over`. */
export const answeredHistory = (
  patient: number,
  over: Record<string, unknown> = {},
): Record<string, unknown> => ({
  ...Object.fromEntries(CONDITION_KEYS.map((key) => [key, false])),
  patient,
  ...over,
});

/**
 * The clinical history form as a person meets it: nothing is pre-answered and it says so; Submit
 * with questions open sends nothing and marks them. Then YES for the `yes` labels, NO for the rest.
 */
export async function answerClinicalHistory(page: Page, yes: readonly string[]): Promise<void> {
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Submit' }) });
  const conditions: Locator = form.locator('select');
  await expect(conditions).toHaveCount(CONDITION_KEYS.length);
  for (const select of await conditions.all()) await expect(select).toHaveValue('');
  await expect(form.getByRole('status')).toHaveText(
    `${CONDITION_KEYS.length} of ${CONDITION_KEYS.length} questions still open: choose YES or NO for each.`,
  );
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm the clinical history' })).toBeHidden();
  await expect(form.getByLabel('Cirrhosis', { exact: true })).toHaveAccessibleDescription(
    'Field is required',
  );
  for (const label of yes) await form.getByLabel(label, { exact: true }).selectOption('YES');
  await expect(form.getByRole('status')).toHaveText(
    `${CONDITION_KEYS.length - yes.length} of ${CONDITION_KEYS.length} questions still open: choose YES or NO for each.`,
  );
  for (const select of await conditions.all()) {
    if ((await select.inputValue()) === '') await select.selectOption('NO');
  }
  await expect(form.getByRole('status')).toHaveText('Every question is answered.');
}
