import { expect, test } from '@playwright/test';
import { newPerson, registerPatient, signUpPatient } from '../accounts/support';
import { answeredHistory, expectAccessible, signInAs } from '../fixtures';

const EXISTS = 'You are already have a clinic history!';

test('the medic opening the clinical history form of a patient who has one is told so at once', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  const { id: ID } = await registerPatient(page.request, 'Patty', 'Bouvier', { birth: '1960-10-10' });

  // none yet: the form
  await page.goto(`/home/create-clinical-history?patient=${ID}`);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(page.getByText(EXISTS)).toHaveCount(0);

  // once it exists, the same screen says so instead of showing the form
  const history = await page.request.post('/api/clinicalhistories', {
    data: answeredHistory(ID, { b_smoker: true }),
  });
  expect(history.status()).toBe(201);
  await page.goto(`/home/create-clinical-history?patient=${ID}`);
  await expect(page.getByText(EXISTS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByLabel('Smoker')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'See Clinical History' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/${ID}$`));
});

test("the patient's own clinical history form says at once that one exists", async ({ page }) => {
  const who = newPerson('chonce');
  await signUpPatient(page.request, who, { name: 'Jacqueline', lastName: 'Bouvier', birth: '1930-01-01' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  const { patientID } = (await (await page.request.get('/api/me')).json()) as { patientID: number };

  await page.goto('/home/create-clinical-history');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();

  const history = await page.request.post('/api/clinicalhistories', { data: answeredHistory(patientID) });
  expect(history.status()).toBe(201);
  await page.goto('/home/create-clinical-history');
  await expect(page.getByText(EXISTS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'See Clinical History' }).click();
  await expect(page).toHaveURL(/\/home\/PatientCH$/);
});
