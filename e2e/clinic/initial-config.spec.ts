import { expect, test } from '@playwright/test';
import { dismiss } from '../accounts/support';
import { expectAccessible, signInRequest } from '../fixtures';
import { URLS } from '../ports';

// This deployment starts with the demo medic only and no clinic (see playwright.config.ts).
test.use({ baseURL: URLS.empty, extraHTTPHeaders: { Origin: URLS.empty } });

test('on an empty deployment the medic is sent to initial config, sets it up and lands on clinic details', async ({
  page,
}) => {
  // Budget: the empty deployment can be set up once only, so this journey cannot start from data
  // of its own in steps; it ran past 30 s on 2 busy cores (e2e/slowest-reporter.ts), now 90.
  test.slow();
  await signInRequest(page.request, 'medic', URLS.empty);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home\/clinic-details\/initial-config$/);
  await expect(page.getByRole('heading', { name: 'Clinic initial config', level: 2 })).toBeVisible();
  await expect(page).toHaveTitle(/^Clinic initial config · /);
  await expect(page.getByText('There is none working hours selected')).toBeVisible();
  await expectAccessible(page);

  // Submitting the empty form shows each field's message and writes nothing.
  // No working day is a pop-up, as well as the editor's own line.
  await page.getByRole('button', { name: 'Set details' }).click();
  await dismiss(page, 'Please fill at least one day with it working hours before submitting');
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Field is required');
  await expect(
    page.getByText('Please fill at least one day with it working hours before submitting'),
  ).toBeVisible();
  await expect(page).toHaveURL(/initial-config$/);

  await page.getByLabel('Name', { exact: true }).fill('Smile Centre');
  await page.getByLabel('Street').fill('Elm Street');
  await page.getByLabel('Number').fill('1428');
  await page.getByLabel('City').fill('Rosario');
  await page.getByLabel('Postal code').fill('2000');
  await page.getByLabel('Telephone').fill('0341 555 0199');
  await page.getByLabel('Email').fill('front@smile');
  await page.getByLabel('Logo URL').fill('logo.png');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Insert a valid email');
  await expect(page.getByLabel('Logo URL')).toHaveAccessibleDescription('Insert a valid image url');
  await page.getByLabel('Email').fill('front@smile.test');
  await page.getByLabel('Logo URL').fill('https://img.smile.test/logo.png');
  await page.getByLabel('Standard turn duration (minutes)').fill('30');

  // The first weekday entry fills Monday to Friday; 30 minutes is .5 of an hour.
  await page.getByLabel('Day').selectOption({ label: 'Wednesday' });
  await page.getByLabel('Morning start').fill('09:00');
  await page.getByLabel('Morning end').fill('13:00');
  await page.getByLabel('Afternoon start').fill('14:30');
  await page.getByLabel('Afternoon end').fill('18:00');
  await page.getByRole('button', { name: 'Set working hours' }).click();
  const summary = page.getByRole('group', { name: 'Working hours' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(
      summary
        .getByRole('definition')
        .nth(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].indexOf(day)),
    ).toHaveText('09:00 - 13:00 / 14:30 - 18:00');
  }
  await expect(summary.getByRole('definition').first()).toHaveText('CLOSED');

  // Saturday is set alone, morning only.
  await page.getByLabel('Day').selectOption({ label: 'Saturday' });
  await page.getByLabel('Morning start').fill('09:00');
  await page.getByLabel('Morning end').fill('12:45');
  await page.getByRole('button', { name: 'Set working hours' }).click();
  await expect(summary.getByRole('definition').nth(6)).toHaveText('09:00 - 12:45');
  await expect(summary.getByRole('definition').nth(1)).toHaveText('09:00 - 13:00 / 14:30 - 18:00');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Set details' }).click();
  await expect(page).toHaveURL(/\/home\/clinic-details$/);
  await expect(page.getByText('Smile Centre').first()).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Smile Centre');
  await expect(page.getByRole('link', { name: 'Update Clinic Data' })).toBeVisible();

  // Stored: a reload shows the same clinic and no longer redirects.
  await page.reload();
  await expect(page).toHaveURL(/\/home\/clinic-details$/);
  await expect(page.getByText('Elm Street')).toBeVisible();
  const res = await page.request.get('/api/Clinics');
  const clinic = (await res.json()) as { officeHours: string; turnStandardDuration: number };
  expect(clinic.turnStandardDuration).toBe(0.5);
  expect(JSON.parse(clinic.officeHours)[3]).toEqual([
    { min: 9, max: 13 },
    { min: 14.5, max: 18 },
  ]);
  await expectAccessible(page);

  // With the clinic set up but no patient yet, Home greets the medic once.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  const welcome = page.getByRole('dialog');
  await expect(welcome).toContainText('Welcome!');
  await expect(welcome).toContainText('Welcome! There are no Patients loaded in your database :(');
  await welcome.getByRole('button', { name: 'OK' }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByText('Patient not found')).toBeVisible();
});
