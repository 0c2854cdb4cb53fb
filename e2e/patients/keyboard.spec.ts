import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerPatient } from '../accounts/support';
import { ACCOUNTS, expectToast, signInRequest } from '../fixtures';

// Keyboard only (WCAG 2.1.1): from the login form to a saved evolution on the tooth chart, every
// step is reached with Tab / Shift+Tab and used with Enter, Space or the arrow keys. No click, no
// fill: a control Tab never reaches, or a place Tab cannot leave, fails the test.

/** Tab stops a screen may need before a control is reached; more means it is (practically) unreachable. */
const MAX_TABS = 80;

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const seen: string[] = [];
  for (let i = 0; i < MAX_TABS; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        return `${el.tagName.toLowerCase()}${name ? ` "${name}"` : ''}`;
      }),
    );
  }
  throw new Error(`${key} never reached the control; focus went through: ${seen.join(' → ')}`);
}

test('a medic signs in, finds a patient and saves an evolution on the tooth chart with the keyboard only', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Budget: the point is one unbroken keyboard-only journey from the login form to a saved
  // evolution, so it is not split; 34 s of 30 on 2 busy cores (e2e/slowest-reporter.ts), now 90.
  test.slow();
  // A fresh patient of our own, so the demo patient's records stay as other specs expect them.
  const medic = await playwright.request.newContext({ baseURL });
  await signInRequest(medic, 'medic');
  const { id: patientId, document } = await registerPatient(medic, 'Maude', 'Flanders', {
    birth: '1965-08-12',
  });
  await medic.dispose();

  // login: Tab into the form, type, Enter submits
  await page.goto('/');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(ACCOUNTS.medic.email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(ACCOUNTS.medic.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);

  // search by document through the header and the sidebar
  const box = page.getByLabel('Search patient by ID or name');
  await expect(box).toBeVisible();
  await tabTo(page, box);
  await page.keyboard.type(document);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Maude Flanders' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'See Clinical History' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/home/${patientId}$`));

  // patient page → Add Evolution
  const addEvolution = page.getByRole('link', { name: 'Add Evolution' });
  await expect(addEvolution).toBeVisible();
  await tabTo(page, addEvolution);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/home/addEvolution/${patientId}$`));

  // the form: observations, a tooth on the chart (Space chooses it) and one treatment searched and
  // picked with the arrow keys; the date is today's already, the medic is the one signed in
  const observations = page.getByLabel('Observations');
  await expect(observations).toBeVisible();
  await tabTo(page, observations);
  await page.keyboard.type('Sealant, keyboard only');
  // the chart is one Tab stop (tooth 18, upper right, comes first); the arrow keys move in the mouth
  const first = page.getByRole('button', { name: /^Tooth 18,/ });
  await tabTo(page, first);
  await page.keyboard.press('ArrowDown'); // 48, the tooth under it
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight'); // 46
  const tooth = page.getByRole('button', { name: /^Tooth 46,/ });
  await expect(tooth).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tooth).toHaveAttribute('aria-pressed', 'true');
  // each Enter toggles: a second tooth is added, Enter again takes it off
  const next = page.getByRole('button', { name: /^Tooth 45,/ });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(next).toHaveAttribute('aria-pressed', 'true');
  await expect(tooth).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(next).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(tooth).toHaveAttribute('aria-pressed', 'true');
  // one Tab leaves the chart, Shift+Tab comes back to the tooth last moved to
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: /^Tooth \d+,/, includeHidden: false }).and(page.locator(':focus')),
  ).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(tooth).toBeFocused();
  await expect(page.getByRole('list', { name: 'Chosen teeth' })).toHaveText(
    /Tooth 46, lower right first molar/,
  );

  // the treatment combobox: ArrowDown opens the list on its first option, a second moves on,
  // Escape closes it, and Enter chooses the option the arrows are on
  const treatment = page.getByRole('combobox', { name: 'Treatment' });
  await tabTo(page, treatment);
  await page.keyboard.type('fill');
  const options = page.getByRole('option');
  await expect(options).toHaveText([/^0201 · /, /^0202 · /]);
  await page.keyboard.press('ArrowDown');
  await expect(treatment).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(1).getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Escape');
  await expect(treatment).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(treatment).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(0).getAttribute('id')) ?? '',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(treatment).toHaveValue(/^0202 · Composite filling, two surfaces/);
  await expect(treatment).toHaveAttribute('aria-expanded', 'false');
  // the author is the signed-in medic: a read-only field, nothing to pick
  await expect(page.getByLabel('Medic')).toHaveValue('Dr. Gregory House');

  await tabTo(page, page.getByRole('button', { name: 'Save evolution' }));
  await page.keyboard.press('Enter');
  // a status toast, not a dialog: nothing to close, the keyboard stays free
  await expectToast(page, 'Evolution added successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/home/${patientId}$`));
  await expect(page.getByText('Sealant, keyboard only')).toBeVisible();
  await expect(page.getByText(/· Tooth 46/)).toBeVisible();
});
