import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from './support';

// The front desk at a laptop: Create a Turn when the network drops the request, and Enter in its
// patient search.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

async function openCreateTurn(page: Page) {
  await signInAs(page, 'medic');
  await page.goto('/home/calendar');
  const create = page.getByRole('region', { name: 'Create a Turn' });
  await expect(create).toBeVisible({ timeout: 30_000 });
  return create;
}

test('Create a Turn whose request never reaches the server says the server could not be reached, and keeps what was typed', async ({
  page,
}, testInfo) => {
  const date = workdayAfter(71 + 7 * testInfo.retry);
  const create = await openCreateTurn(page);
  await create.getByRole('textbox', { name: 'Patient' }).fill('Patient@Clinic');
  await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill('12:30');
  await create.getByLabel('Description').fill('Lost on the way');

  // the network drops the booking (and only the booking)
  await page.route('**/api/turns', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await create.getByRole('button', { name: 'Create Turn' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.errorTitle });
  await expect(dialog).toContainText(MSG.networkFailure);
  await expect(dialog).not.toContainText('Failed to fetch');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(create.getByText('Simpson, Lisa')).toBeVisible();
  await expect(create.getByLabel('Description')).toHaveValue('Lost on the way');
  await expect(create.getByLabel('Time')).toHaveValue('12:30');
});

test('Enter in the patient search picks the first match and sends nothing; Enter in another field still books', async ({
  page,
}, testInfo) => {
  const date = workdayAfter(72 + 7 * testInfo.retry);
  const create = await openCreateTurn(page);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/turns')) posted += 1;
  });

  const search = create.getByRole('textbox', { name: 'Patient' });
  await search.fill('Patient@Clinic');
  await expect(create.getByRole('button', { name: /Simpson, Lisa/ })).toBeVisible();
  await search.press('Enter');
  // the match is chosen: its name, and the focus on 'Change patient'
  await expect(create.getByRole('button', { name: 'Change patient' })).toBeFocused();
  await expect(create.getByText('Simpson, Lisa')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(posted).toBe(0);

  // Enter in the form's other fields keeps sending it
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill('12:30');
  await create.getByLabel('Description').fill('Booked with the keyboard');
  await create.getByLabel('Duration (minutes)').press('Enter');
  await expectToast(page, 'Turn successfully created.');
  expect(posted).toBe(1);
});
