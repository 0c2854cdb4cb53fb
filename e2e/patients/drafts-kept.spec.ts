import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { registerPatient } from '../accounts/support';
import { answeredHistory, expectAccessible, expectToast, signInAs } from '../fixtures';

// A reload (a network blip, a crash, a mistaken F5) never loses a visit note or a clinical history
// being typed: each is kept as the signed-in user's draft for that patient until it is saved.

async function pickTreatment(page: Page, code: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Treatment' }).fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: MSG.draftRestored });

test('Add Evolution: the note typed survives a reload and a failed save, and goes once saved', async ({
  page,
}) => {
  test.slow(); // a patient registered, the note typed, three reloads and two saves on 2 cores
  await signInAs(page, 'medic');
  const { id } = await registerPatient(page.request, 'Draft', 'Evolution');
  await page.goto(`/home/addEvolution/${id}`);
  const note = `A long note about the lower left molar ${Date.now()}`;
  await page.getByLabel('Observations').fill(note);
  await page.getByRole('button', { name: /^Tooth 36,/ }).click();
  await page.getByRole('checkbox', { name: 'mesial (M) of tooth 36' }).check();
  await pickTreatment(page, '0202');
  await expect(notice(page)).toHaveCount(0);

  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByLabel('Observations')).toHaveValue(note);
  await expect(page.getByRole('list', { name: 'Chosen teeth' })).toContainText('Tooth 36');
  await expect(page.getByRole('checkbox', { name: 'mesial (M) of tooth 36' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Treatment' })).toHaveValue(/0202/);
  await expectAccessible(page);

  // a save the network drops keeps the draft: the next reload still has it
  await page.route('**/api/evolutions', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.getByRole('button', { name: 'Save evolution' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.errorTitle });
  await expect(dialog).toContainText(MSG.networkFailure);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/evolutions');
  await page.reload();
  await expect(page.getByLabel('Observations')).toHaveValue(note);

  await page.getByRole('button', { name: 'Save evolution' }).click();
  await expectToast(page, 'Evolution added successfully');
  await expect(page).toHaveURL(new RegExp(`/home/${id}$`));
  await page.goto(`/home/addEvolution/${id}`);
  await expect(page.getByLabel('Observations')).toHaveValue('');
  await expect(page.getByText('No tooth chosen: press each tooth worked on.')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Observations')).toHaveValue('');
});

test("the clinical history's edit survives a reload, and a newer version saved meanwhile is not overwritten silently", async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'medic');
  const { id } = await registerPatient(page.request, 'Draft', 'History');
  const created = await page.request.post('/api/clinicalhistories', { data: answeredHistory(id) });
  expect(created.status()).toBe(201);
  await page.goto(`/home/${id}`);
  await page.getByRole('button', { name: 'Update clinical history' }).click();
  await page.getByLabel('Pregnant', { exact: true }).selectOption('YES');

  // someone else saves a new version while the draft waits: the reload reads that one
  const { patient: _, ...answers } = answeredHistory(id, { b_smoker: true });
  expect((await page.request.put(`/api/clinicalhistories/${id}`, { data: answers })).status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Update clinical history' }).click();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByLabel('Pregnant', { exact: true })).toHaveValue('YES');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save changes' }).click();
  const summary = page.getByRole('dialog', { name: 'Confirm the updated clinical history' });
  await summary.getByRole('button', { name: 'Send' }).click();
  const stale = page.getByRole('dialog', { name: MSG.staleRecord });
  await expect(stale).toContainText('Smoker');
  await stale.getByRole('button', { name: 'OK' }).click();
  // the newer version is still the one stored
  const stored = await (await page.request.get(`/api/clinicalhistories/search?id=${id}`)).json();
  expect(stored).toMatchObject({ b_smoker: true, b_pregnant: false });

  // sent again, knowing: saved, and the draft is gone
  await page.getByRole('button', { name: 'Save changes' }).click();
  await summary.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Clinical history updated');
  await page.reload();
  await page.getByRole('button', { name: 'Update clinical history' }).click();
  await expect(page.getByLabel('Pregnant', { exact: true })).toHaveValue('YES');
  await expect(notice(page)).toHaveCount(0);
});

test("a new clinical history's answers survive a reload; 'Discard draft' empties the form for good", async ({
  page,
}) => {
  await signInAs(page, 'medic');
  const { id } = await registerPatient(page.request, 'Draft', 'Newhistory');
  await page.goto(`/home/create-clinical-history?patient=${id}`);
  await page.getByLabel('Smoker', { exact: true }).selectOption('YES');
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByLabel('Smoker', { exact: true })).toHaveValue('YES');

  await notice(page).getByRole('button', { name: MSG.discardDraft }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(page.getByLabel('Smoker', { exact: true })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(page.getByLabel('Smoker', { exact: true })).toHaveValue('');
  await expect(notice(page)).toHaveCount(0);
});
