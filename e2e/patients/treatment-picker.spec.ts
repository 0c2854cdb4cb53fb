import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signInAs } from '../fixtures';
import { PORTS } from '../ports';

// The price list has no API to add treatments (medics only change prices), so this spec writes
// them straight into the app's local database, the one `playwright.config.ts` starts it with.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const state = path.join(root, 'e2e', '.state', `${PORTS.app}-app`);

function sql(command: string): void {
  const res = spawnSync(
    path.join(root, 'node_modules', '.bin', 'wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', state, '--command', command],
    { cwd: path.join(root, 'worker'), encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`wrangler d1 execute failed: ${res.stderr}${res.stdout}`);
}

// The demo clinic's 14 treatments, 235 more (X001–X235), then the one sought: the 250th in the
// list's order, past the 200 a single read of the list brings.
const FILLERS = 235;
test.beforeAll(() => {
  sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FILLERS}) ` +
      `INSERT OR IGNORE INTO treatments (id, clinic_id, treatment_type, description, price_cents) ` +
      `SELECT printf('X%03d', i), 1, 'extra', 'Extra treatment ' || i, 1000 FROM n; ` +
      `INSERT OR IGNORE INTO treatments (id, clinic_id, treatment_type, description, price_cents) ` +
      `VALUES ('X250', 1, 'restorative', 'Gold inlay', 5200000);`,
  );
});

// Other specs count the demo price list: it is left as it was.
test.afterAll(() => {
  sql(`DELETE FROM treatments WHERE id LIKE 'X%';`);
});

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'medic');
});

async function findGoldInlay(page: Page): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Treatment' });
  // opened empty, the list shows the first matches and says how many there are in all
  await picker.click();
  await expect(page.getByRole('status').filter({ hasText: 'of 250 treatments shown' })).toBeVisible();
  await expect(page.getByRole('option', { name: /^X250 · / })).toHaveCount(0);
  await picker.fill('gold');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    'X250 · Gold inlay (ARS 52,000.00)',
  ]);
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await picker.press('Enter');
  await expect(picker).toHaveValue(/^X250 · Gold inlay \(ARS\s52,000\.00\)$/);
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
}

test('Add Evolution: the treatment added as the 250th is found by name and chosen', async ({ page }) => {
  const total = await page.request.get('/api/treatments?limit=1');
  expect(total.headers()['x-total-count']).toBe('250');
  await page.goto('/home/addEvolution/1');
  await findGoldInlay(page);
});

test('Add Budget: the treatment added as the 250th is found and becomes a line', async ({ page }) => {
  await page.goto('/home/addBudget');
  await findGoldInlay(page);
  // a budget needs its patient before a line is added
  await page.getByLabel('Search patient by ID or name').fill('35123456');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Select Lisa Simpson' }).click();
  await page.getByRole('button', { name: 'Add to budget' }).click();
  const lines = page.getByRole('table', { name: 'Treatments in this budget' });
  await expect(lines.getByRole('cell', { name: 'Gold inlay', exact: true })).toBeVisible();
  await expect(page.getByText(/^Total:/)).toHaveText('Total: ARS 52,000.00');
  // typing again drops the choice: one treatment is only ever the one the field names
  const picker = page.getByRole('combobox', { name: 'Treatment' });
  await picker.fill('X25');
  await page.getByRole('button', { name: 'Add to budget' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please select a patient and select a treatment');
});
