import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { dismiss, newPerson, signUpPatient } from '../accounts/support';
import {
  answerClinicalHistory,
  answeredHistory,
  expectAccessible,
  expectToast,
  signInRequest,
} from '../fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a patient reads their clinic history, downloads Clinic History.pdf and sees their evolutions and studies', async ({
  page,
  request,
}) => {
  // a long way through the portal, 30 clinical-history answers on it
  test.slow();
  // a patient signs up and signs in
  const who = newPerson('portal');
  await signUpPatient(page.request, who, { name: 'Milhouse', lastName: 'Van Houten', birth: '2011-03-03' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  const { patientID } = (await (await page.request.get('/api/me')).json()) as { patientID: number };

  // nothing on record yet
  await page.goto('/home');
  await expect(page.getByText('Welcome, Milhouse Van Houten')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clinic history' }).click();
  await expect(page).toHaveURL(/\/home\/PatientCH$/);
  await expect(page.getByText('You have no clinical history yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);

  // the patient fills in their own questionnaire: YES/NO per condition, a summary, Send
  await page.getByRole('link', { name: 'Fill in my clinical history' }).click();
  await expect(page).toHaveURL(/\/home\/create-clinical-history$/);
  await expect(page.getByText(`Patient: Milhouse Van Houten · DNI ${who.document}`)).toBeVisible();
  await answerClinicalHistory(page, ['Smoker', 'Hypertension']);
  await page.getByLabel('Other (general)').fill('Allergic to latex');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByRole('dialog', { name: 'Confirm the clinical history' });
  await expect(summary).toContainText('Hypertension: YES');
  await summary.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Sent correctly!');
  await expect(page).toHaveURL(/\/home\/PatientCH$/);

  // the medic records a visit and a study; the history is there already
  await signInRequest(request, 'medic');
  const twice = await request.post('/api/clinicalhistories', {
    data: answeredHistory(patientID),
  });
  expect(twice.status()).toBe(409);
  const evolution = await request.post('/api/evolutions', {
    data: {
      date: '2026-11-02',
      observations: 'Filling on the upper right first molar',
      PatientID: patientID,
      TreatmentID: '0101',
      teeth: [{ toothID: 46 }, { toothID: 16, surfaces: ['O', 'M'] }],
    },
  });
  expect(evolution.status()).toBe(201);
  const study = await request.post('/api/studies', {
    multipart: {
      patient: String(patientID),
      studyType: 'laboratory',
      description: 'Blood test',
      file: { name: 'blood.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(study.status()).toBe(201);

  // the clinic history: who, today, every entry under an upper-case label
  await page.reload();
  const main = page.getByRole('main');
  await expect(main.getByText(who.document)).toBeVisible();
  await expect(main.getByText('Van Houten')).toBeVisible();
  const entry = (label: string) =>
    main.locator('div', { has: page.getByText(label, { exact: true }) }).last();
  await expect(entry('SMOKER')).toContainText('YES');
  await expect(entry('HYPERTENSION')).toContainText('YES');
  await expect(entry('ASTHMA')).toContainText('NO');
  // English medical terms, not the keys' words ('ir_ephysemia', 'ig_cirrohsis', 'ih_alterationWhiteSerie')
  await expect(entry('EMPHYSEMA')).toContainText('NO');
  await expect(entry('CIRRHOSIS')).toContainText('NO');
  await expect(entry('WHITE BLOOD CELL DISORDER')).toContainText('NO');
  await expect(main.getByText('EPHYSEMIA')).toHaveCount(0);
  await expect(entry('OTHER (GENERAL)')).toContainText('Allergic to latex');
  await expectAccessible(page);

  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toHaveAttribute('title', 'Size: 20Mb');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('Clinic History.pdf');
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('Clinic History');
  expect(bytes.toString('latin1')).toContain('ALLERGIC TO MEDICATION');
  expect(bytes.toString('latin1')).not.toContain('ALERGIC');

  await page.getByRole('link', { name: 'View PDF' }).click();
  await expect(page).toHaveURL(/\/home\/PatientCH\/PatientCHPdf$/);
  await expect(page.locator('iframe[title="Clinic History.pdf"]')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('link', { name: 'Back to clinic history' }).click();

  // evolutions and studies
  await page.getByRole('link', { name: 'Evolutions and studies' }).click();
  await expect(page).toHaveURL(/\/home\/evolutionsNStudies$/);
  await expect(main.getByText('Filling on the upper right first molar')).toBeVisible();
  await expect(main.getByText('11/02/2026')).toBeVisible();
  // every tooth of the note with its surfaces, as the medic's page shows them
  await expect(main.getByText('Teeth: 16 (M, O), 46')).toBeVisible();
  await expect(main.getByText('Blood test')).toBeVisible();
  const open = main.getByRole('link', { name: /Open study/ });
  const href = await open.getAttribute('href');
  expect((await page.request.get(href ?? '')).headers()['content-type']).toBe('application/pdf');
  await expectAccessible(page);
});

test('the patient home leads to their records', async ({ page }) => {
  await signInRequest(page.request, 'patient');
  await page.goto('/home');
  const shortcuts = page.getByRole('list', { name: 'Shortcuts' });
  await shortcuts.getByRole('link', { name: /My data/ }).click();
  await expect(page).toHaveURL(/\/home\/data$/);
  await expect(page.getByRole('main').getByText('patient@clinic.test')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Update my data' }).last().click();
  await expect(page).toHaveURL(/\/home\/dataUpdate$/);
  await page.getByLabel('Postal Code', { exact: true }).fill('abc');
  await expect(page.getByText('debe ser un numero entero positivo')).toBeVisible();
  await page.getByRole('button', { name: 'Update my data' }).click();
  await dismiss(page, 'Your form has errors, please check it out.');
});
