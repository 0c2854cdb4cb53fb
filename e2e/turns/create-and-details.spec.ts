import { MSG, turnStart } from '@clinic/worker/contract';
import { DEMO_CLINIC } from '@clinic/worker/demo';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from './support';

// The front desk at a laptop: Create a Turn when the network drops the request, Enter in its
// patient search, and what Turns details offers for a turn that has started.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

async function openCreateTurn(page: Page) {
  await signInAs(page, 'medic');
  await page.goto('/home/calendar');
  const create = page.getByRole('region', { name: 'Create a Turn' });
  await expect(create).toBeVisible({ timeout: 30_000 });
  return create;
}

/** Lisa Simpson's ID (the demo patient). */
async function lisa(request: APIRequestContext): Promise<number> {
  const found = (await (await request.get('/api/patients?q=35123456')).json()) as { ID: number }[];
  const id = found[0]?.ID;
  expect(id).toBeDefined();
  return id as number;
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

test('Turns details offers CANCEL and Move only until a turn starts; a started one offers its outcome', async ({
  page,
}, testInfo) => {
  const date = workdayAfter(73 + 7 * testInfo.retry);
  await signInAs(page, 'medic');
  const patient = await lisa(page.request);
  for (const [time, description] of [
    [9, 'Started already'],
    [9.5, 'Not yet started'],
  ] as const) {
    const res = await page.request.post('/api/turns', {
      data: { date, time, duration: 0.5, description, PatientID: patient },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The browser's clock at 09:15 that day in the clinic: the first turn has started, the second not.
  await page.clock.setFixedTime(new Date(turnStart(date, 9.25, DEMO_CLINIC.timeZone)));
  await page.goto('/home/calendar');
  const details = page.getByRole('region', { name: 'Turns details' });
  await expect(details).toBeVisible({ timeout: 30_000 });
  await details.getByLabel('Date').fill(date);
  const started = details.getByRole('listitem').filter({ hasText: 'Started already' });
  const waiting = details.getByRole('listitem').filter({ hasText: 'Not yet started' });
  await expect(started.getByRole('button', { name: MSG.attended })).toBeVisible();
  await expect(started.getByRole('button', { name: 'CANCEL' })).toHaveCount(0);
  await expect(started.getByRole('button', { name: MSG.moveTurn })).toHaveCount(0);
  await expect(waiting.getByRole('button', { name: 'CANCEL' })).toBeVisible();
  await expect(waiting.getByRole('button', { name: MSG.moveTurn })).toBeVisible();
  await expect(waiting.getByRole('button', { name: MSG.attended })).toHaveCount(0);
  await expectAccessible(page);
});
