import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, signInAs } from '../fixtures';
import { closesByItself, loginWithForm, newPerson } from './support';

// A medic who signs up waits until a medic of the clinic approves them on Clinic info.
test('the demo medic approves a signed-up medic on Clinic info, who then reaches /home', async ({
  page,
  playwright,
  baseURL,
}) => {
  const who = newPerson('approve');
  const anonymous = await playwright.request.newContext({ baseURL });
  const signUp = await anonymous.post('/api/medics', {
    data: {
      infoUser: {
        email: who.email,
        password: who.password,
        confirmPassword: who.password,
        name: 'Nick',
        lastName: 'Riviera',
        document: who.document,
        birth: '1970-01-01',
      },
      infoMedic: { tuition_number: '7788' },
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await anonymous.dispose();

  // until approved, the medic signs in only to the waiting page
  await loginWithForm(page, who.email, who.password);
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await page.context().clearCookies();

  await signInAs(page, 'medic');
  await page.goto('/home/clinic-details');
  const pending = page.getByRole('region', { name: 'Medics waiting for approval' });
  const row = pending.getByRole('row').filter({ hasText: who.email });
  await expect(row).toContainText('Nick Riviera');
  await expect(row).toContainText('7788');
  await expectAccessible(page);
  // approving takes the approving medic's own password
  await pending.getByLabel('Your current password').fill(ACCOUNTS.medic.password);
  await row.getByRole('button', { name: 'Approve' }).click();
  await closesByItself(page, 'Medic approved.');
  await expect(row).toHaveCount(0);

  await page.context().clearCookies();
  await loginWithForm(page, who.email, who.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Clinic info' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toHaveCount(0);
});

test('Clinic info says so when no medic is waiting', async ({ page }) => {
  await signInAs(page, 'medic');
  // approve whoever other specs left waiting, so the empty state shows
  const list = await page.request.get('/api/medics/pending');
  for (const m of (await list.json()) as { medicID: number }[]) {
    const approved = await page.request.put(`/api/medics/${m.medicID}/approve`, {
      data: { currentPassword: ACCOUNTS.medic.password },
    });
    expect(approved.status()).toBe(200);
  }
  await page.goto('/home/clinic-details');
  await expect(page.getByText('No medics are waiting for approval.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register a medic' })).toHaveAttribute('href', '/home/doctor');
});
