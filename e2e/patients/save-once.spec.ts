import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { registerPatient } from '../accounts/support';
import { expectToast, signInAs } from '../fixtures';

// A save whose answer a network blip lost, tried again: the server got the first one, and the
// second is answered with the first one's answer (the same Idempotency-Key), so it is written once.

async function pickTreatment(page: Page, code: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Treatment' }).fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
}

test('a visit note saved again after a blip lost its answer is written once', async ({ page }) => {
  await signInAs(page, 'medic');
  const { id } = await registerPatient(page.request, 'Blip', 'Once');
  await page.goto(`/home/addEvolution/${id}`);
  const observations = `Saved once ${Date.now()}`;
  await page.getByLabel('Observations').fill(observations);
  await page.getByRole('button', { name: /^Tooth 36,/ }).click();
  await pickTreatment(page, '0202');

  // the first save reaches the server, and its answer is lost on the way back
  let lost = false;
  await page.route('**/api/evolutions', async (route) => {
    if (route.request().method() !== 'POST' || lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Save evolution' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.errorTitle });
  await expect(dialog).toContainText(MSG.networkFailure);
  await dialog.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('button', { name: 'Save evolution' }).click();
  await expectToast(page, 'Evolution added successfully');
  const notes = await (await page.request.get(`/api/evolutions?PatientID=${id}&limit=200`)).json();
  expect(notes.filter((n: { observations: string }) => n.observations === observations)).toHaveLength(1);
});
