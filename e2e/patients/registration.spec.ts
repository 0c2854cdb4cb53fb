import { MSG } from '@clinic/worker/contract';
import { expect, test } from '@playwright/test';
import { newPerson, registerPatient, signUpPatient } from '../accounts/support';
import { ACCOUNTS, expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';

// Registration that fits real people: a passport, a dependant with a guardian and no email or
// telephone, and the guardian booking for the dependant in the portal.

test('the desk registers a dependant with a passport and no email or telephone; the guardian books for them', async ({
  page,
  browser,
}, testInfo) => {
  test.slow(); // a registration, the patient page, then the guardian's portal in a second context
  // the guardian: a patient who signs in
  const guardian = newPerson('guardian');
  const guardianContext = await browser.newContext();
  const portal = await guardianContext.newPage();
  await signUpPatient(portal.request, guardian, {
    name: 'Luann',
    lastName: 'Vanhouten',
    birth: '1975-02-02',
  });

  await signInAs(page, 'medic');
  await page.goto('/home/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Register Patient' })).toBeVisible();
  const passport = `PX${guardian.document}`;
  await page.getByLabel('Name', { exact: true }).fill('Milhouse');
  await page.getByLabel('Last Name').fill('Vanhouten');
  await page.getByLabel('ID type').selectOption('passport');
  await page.getByLabel('Guardian (for a dependant, optional)').fill(guardian.email);
  await page.getByRole('list', { name: 'Matching patients' }).getByRole('button').first().click();
  await expect(page.getByText('Luann', { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: `Use ${guardian.email}` }).click();
  await expect(page.getByLabel('Email')).toHaveValue(guardian.email);
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Street').fill('Evergreen Terrace');
  await page.getByLabel('Number', { exact: true }).fill('316');
  await page.getByLabel('Postal Code').fill('1001');
  await page.getByLabel('Cellphone').fill('1155557777');
  await page.getByLabel('Birth date').fill('2014-04-01');
  // a passport takes letters and digits; a bad one says its own rule
  await page.getByLabel('Passport').fill('P-1');
  await page.getByLabel('Passport').blur();
  await expect(page.getByLabel('Passport')).toHaveAccessibleDescription(MSG.invalidOtherDocument);
  await page.getByLabel('Passport').fill(passport);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Register Patient' }).click();
  await expectToast(page, 'You will be redirected');
  await expect(page).toHaveURL(/\/home\/create-clinical-history\?patient=\d+$/);
  const childId = Number(new URL(page.url()).searchParams.get('patient'));

  // the patient page names the document's type, the guardian, and what the desk left empty
  await page.goto(`/home/${childId}`);
  await expect(page.getByText(`${passport} (passport)`)).toBeVisible();
  await expect(page.getByTestId('missing-data')).toHaveText(`${MSG.missingData} telephone, medical service`);
  await expectAccessible(page);

  // the guardian's portal lists the dependant and books a consultation for them
  const login = await portal.request.post('/api/login', {
    data: { email: guardian.email, password: guardian.password },
  });
  expect(login.status()).toBe(200);
  await portal.goto('/home');
  const dependants = portal.getByRole('region', { name: MSG.dependants });
  await expect(dependants.getByRole('link', { name: /Milhouse Vanhouten/ })).toBeVisible();
  await expectAccessible(portal);
  await dependants.getByRole('link', { name: /Milhouse Vanhouten/ }).click();
  await expect(portal.getByLabel('For')).toHaveValue(String(childId));
  // A day of its own: tomorrow's first slots belong to the day-in-the-clinic journey.
  await portal.getByLabel('Date').fill(workdayAfter(44 + 7 * testInfo.retry));
  await portal.getByRole('group', { name: 'Available turns' }).getByRole('radio').first().check();
  await portal.getByRole('button', { name: 'Request consultation' }).click();
  await expectToast(portal, MSG.consultationTurnCreated);
  const turns = await page.request.get(`/api/turns/search?ID=${childId}`);
  expect(((await turns.json()) as { PatientID: number }[]).map((t) => t.PatientID)).toContain(childId);
  await guardianContext.close();
});

test('the desk corrects a mistyped document and email, signing again; the patient is mailed at both addresses', async ({
  page,
  request,
}) => {
  await signInAs(page, 'medic');
  const { id } = await registerPatient(page.request, 'Kirk', 'Vanhouten');
  const before = (await (await page.request.get(`/api/patients/${id}`)).json()) as { email: string };
  const fixed = newPerson('corrected');
  await page.goto(`/home/updatePatient/${id}`);
  const section = page.getByRole('region', { name: 'Correct document and email' });
  await section.getByLabel('ID type').selectOption('foreign');
  await section.getByLabel('Document').fill(`F${fixed.document}`);
  await section.getByLabel('Email').fill(fixed.email);
  await expectAccessible(page);
  // without the medic's password nothing changes
  await section.getByRole('button', { name: 'Correct document and email' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await section.getByLabel('Current password').fill(ACCOUNTS.medic.password);
  await section.getByRole('button', { name: 'Correct document and email' }).click();
  await expectToast(page, MSG.identityCorrected);
  await expect(page).toHaveURL(new RegExp(`/home/${id}$`));
  await expect(page.getByText(`F${fixed.document} (foreign ID)`)).toBeVisible();
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; subject: string }[];
  for (const to of [before.email, fixed.email]) {
    expect(
      outbox.some((m) => m.to === to && m.subject === MSG.identityCorrectedSubject),
      to,
    ).toBe(true);
  }
});
