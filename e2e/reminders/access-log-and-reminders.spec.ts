import { expect, test } from '@playwright/test';
import { newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, signInAs } from '../fixtures';

test("the medic opens a patient's access log; the patient sees the medic's visit in theirs", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers, two roles: the medic reads a record, the patient reads its log: more than 10 s on 2 cores
  const who = newPerson('accesslog');
  const patientContext = await browser.newContext({ baseURL });
  const patient = await patientContext.newPage();
  await signUpPatient(patient.request, who, { name: 'Agnes', lastName: 'Skinner', birth: '1940-02-02' });
  expect(
    (
      await patient.request.post('/api/login', { data: { email: who.email, password: who.password } })
    ).status(),
  ).toBe(200);
  const { patientID } = await (await patient.request.get('/api/me')).json();

  // the medic visits the patient page; the access log is collapsed and loads when opened
  await signInAs(page, 'medic');
  await page.goto(`/home/${patientID}`);
  const log = page.locator('details', { hasText: 'Access log' });
  await expect(log.getByRole('table')).toHaveCount(0);
  await log.locator('summary').focus();
  await page.keyboard.press('Enter');
  const medicTable = log.getByRole('table', { name: 'Access log' });
  await expect(medicTable).toBeVisible();
  // one row for the page opened, in words, never a raw route
  await expect(
    medicTable.getByRole('row').filter({ hasText: 'opened the patient page' }).first(),
  ).toContainText('Dr. Gregory House');
  await expect(medicTable).not.toContainText('/api/');
  await expectAccessible(page);

  // the patient finds it from Clinic history
  await patient.goto('/home/PatientCH');
  await patient.getByRole('link', { name: 'Access log' }).click();
  await expect(patient).toHaveURL(/\/home\/accessLog$/);
  const table = patient.getByRole('table', { name: 'Access log' });
  const visit = table
    .getByRole('row')
    .filter({ hasText: 'Dr. Gregory House' })
    .filter({ hasText: 'opened the patient page' });
  await expect(visit.first()).toContainText('Done');
  await expect(table).not.toContainText('/api/');
  await expectAccessible(patient);
  await patientContext.close();
});

test('the patient switches reminders off and on in My data', async ({ page }) => {
  const who = newPerson('reminders');
  await signUpPatient(page.request, who, { name: 'Seymour', lastName: 'Skinner', birth: '1950-02-02' });
  expect(
    (await page.request.post('/api/login', { data: { email: who.email, password: who.password } })).status(),
  ).toBe(200);
  await page.goto('/home/data');
  const box = page.getByRole('checkbox', { name: 'E-mail me a reminder the day before each turn' });
  await expect(box).toBeChecked();
  await expect(page.getByText('Reminders are on.')).toBeVisible();
  await expectAccessible(page);
  await box.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Reminders are off.')).toBeVisible();
  await expect(box).not.toBeChecked();
  expect(await (await page.request.get('/api/reminders')).json()).toEqual({ enabled: false });
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(page.getByText('Reminders are on.')).toBeVisible();
  expect(await (await page.request.get('/api/reminders')).json()).toEqual({ enabled: true });
});
