import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { registerPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';

/** Opens Update Patient Info for patient `id` in a page of its own browser context, signed in as the medic. */
async function openUpdate(page: Page, id: number): Promise<void> {
  await signInAs(page, 'medic');
  await page.goto(`/home/updatePatient/${id}`);
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
}

test('two people edit one patient: the second save shows the conflict and loses nothing', async ({
  browser,
}) => {
  test.slow(); // two browser contexts, each signed in, each with a form and its dry runs: over 10 s on 2 cores
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await signInAs(first, 'medic');
  const { id } = await registerPatient(first.request, 'Ling', 'Bouvier');
  await openUpdate(first, id);
  await openUpdate(second, id);

  // the first one changes the cellphone and saves
  await first.getByLabel('Cellphone').fill('1155551234');
  await first.getByRole('button', { name: 'Update Patient' }).click();
  await expectToast(first, MSG.patientUpdated);

  // the second one, opened before that, changes the city and saves: refused, nothing written
  await second.getByLabel('City').fill('Shelbyville');
  await second.getByRole('button', { name: 'Update Patient' }).click();
  const notice = second.getByRole('dialog', { name: MSG.staleRecord });
  await expect(notice).toContainText('Cellphone');
  await expectAccessible(second);
  await notice.getByRole('button', { name: 'OK' }).click();
  const stored = await second.request.get(`/api/patients/${id}`);
  expect(await stored.json()).toMatchObject({ cellphone: '1155551234', city: 'Springfield' });

  // what was typed stays; the other person's change comes in and says so under its field
  await expect(second.getByLabel('City')).toHaveValue('Shelbyville');
  await expect(second.getByLabel('Cellphone')).toHaveValue('1155551234');
  await expect(second.getByLabel('Cellphone')).toHaveAccessibleDescription(
    `${MSG.changedByOther} 1155551234`,
  );

  // saving again keeps both changes
  await second.getByRole('button', { name: 'Update Patient' }).click();
  await expectToast(second, MSG.patientUpdated);
  const both = await second.request.get(`/api/patients/${id}`);
  expect(await both.json()).toMatchObject({ cellphone: '1155551234', city: 'Shelbyville' });
  await first.context().close();
  await second.context().close();
});
