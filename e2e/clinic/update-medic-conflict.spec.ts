import { type Medic, MSG, medicUpdateInputOf } from '@clinic/worker/contract';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectToast, signInAs } from '../fixtures';

test('Update My Info sends If-Match: a save after someone else changed the record shows the conflict and loses nothing', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  await page.goto('/home/updateMedic');
  await expect(page.getByLabel('First Name')).toHaveValue('Gregory');

  // meanwhile, another tab saves a new telephone
  const read = await page.request.get(`/api/medics?email=${encodeURIComponent(ACCOUNTS.medic.email)}`);
  const medic = (await read.json()) as Medic;
  const body = medicUpdateInputOf(medic);
  const elsewhere = await page.request.put(`/api/medics/${medic.ID}`, {
    data: { ...body, infoUser: { ...body.infoUser, telephone: '1145550777' } },
    headers: { 'If-Match': read.headers().etag ?? '' },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  // this form, opened before, changes the city: refused, the telephone says what the other tab wrote
  await page.getByLabel('City').fill('Plainsboro');
  await page.getByRole('button', { name: 'Update My Info' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MSG.staleRecord);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Telephone')).toHaveValue('1145550777');
  await expect(page.getByLabel('Telephone')).toHaveAccessibleDescription(`${MSG.changedByOther} 1145550777`);
  await expect(page.getByLabel('City')).toHaveValue('Plainsboro');

  // saved again, knowing: both changes stay
  await page.getByRole('button', { name: 'Update My Info' }).click();
  await expectToast(page, MSG.medicInfoUpdated);
  const after = (await (
    await page.request.get(`/api/medics?email=${encodeURIComponent(ACCOUNTS.medic.email)}`)
  ).json()) as Medic;
  expect(after).toMatchObject({ telephone: '1145550777', city: 'Plainsboro' });
  // put back what the demo medic had, for the specs that read it
  await page.request.put(`/api/medics/${medic.ID}`, { data: medicUpdateInputOf(medic) });
});
