import { longDate } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { dismiss, newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInAs, toast } from '../fixtures';
import { workdayAfter } from './support';

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A success toast shows and goes by itself; no dialog opens for it. */
async function waitToastGone(page: Page, text: string): Promise<void> {
  await expectToast(page, text);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(toast(page, text)).toBeHidden();
}

test('the medic books a turn on the calendar, sees it in the month and the details, and cancels it', async ({
  page,
}, testInfo) => {
  test.slow(); // a patient registered, a turn booked in the dialog, read in the month and the details, cancelled: more than 10 s on 2 cores
  // On a retry, four weeks later: what an earlier attempt booked may still be there.
  const date = workdayAfter(15 + 28 * testInfo.retry);
  await signInAs(page, 'medic');
  await page.goto('/home/calendar');
  await expect(page.getByRole('heading', { name: 'Create a Turn' })).toBeVisible();
  await expect(
    page.getByText(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    ),
  ).toBeVisible();
  await expectAccessible(page);

  const create = page.getByRole('region', { name: 'Create a Turn' });
  // no patient yet: the SPEC message
  await create.getByRole('button', { name: 'Create Turn' }).click();
  await dismiss(page, 'Please select a patient.');
  await expect(create.getByText('Select a patient.')).toBeVisible();

  // A case-insensitive substring of name, last name, document or email
  await create.getByLabel('Patient').fill('Patient@Clinic');
  await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
  await waitToastGone(page, 'Patient selected successfully.');
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill('10:00');
  await create.getByLabel('Duration (minutes)').fill('45');
  await create.getByLabel('Description').fill('Check-up and cleaning');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/turns') && r.request().method() === 'POST',
  );
  await create.getByRole('button', { name: 'Create Turn' }).click();
  const id = ((await (await created).json()) as { ID: number }).ID;
  await waitToastGone(page, 'Turn successfully created.');

  const details = page.getByRole('region', { name: 'Turns details' });
  await expect(details.getByLabel('Date')).toHaveValue(date);
  const turn = details.getByRole('listitem').filter({ hasText: 'Check-up and cleaning' });
  await expect(turn).toContainText('Patient: Pending...');
  // not accepted by the patient yet: 'New Turn' where the number goes
  await expect(turn.getByText('New Turn', { exact: true })).toBeVisible();
  await expect(turn).toContainText('Medic: Accepted');
  await expect(turn).toContainText(usDate(date));
  await expect(turn).toContainText('10:00');
  await expect(turn).toContainText('45 minutes');
  await expect(turn).toContainText('Simpson Lisa');
  await expect(turn).toContainText('35123456');
  await expect(page.locator('.rbc-event', { hasText: '10:00 Simpson, Lisa' })).toBeVisible();
  await expectAccessible(page);

  // the form starts empty after a save; the same time again is caught before it is sent
  await expect(create.getByLabel('Description')).toHaveValue('');
  await expect(create.getByRole('button', { name: 'Change patient' })).toHaveCount(0);
  await create.getByLabel('Patient').fill('Patient@Clinic');
  await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill('10:00');
  await create.getByLabel('Description').fill('Another one');
  await create.getByRole('button', { name: 'Create Turn' }).click();
  await dismiss(page, 'Your form has errors, please check it out.');
  await expect(create.getByText('Out of office hours or already taken.')).toBeVisible();

  await turn.getByRole('button', { name: 'CANCEL' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel turn' }).click();
  await waitToastGone(page, `Turn ID ${id} deleted!`);
  await expect(details.getByText('No turns on this date.')).toBeVisible();
});

test('a patient asks for a consultation at a free slot; the medic accepts it; paying accepts it for the patient; the patient cancels it', async ({
  page,
  browser,
}, testInfo) => {
  test.slow(); // two roles in two browsers: a request, an acceptance, a payment and a cancellation: more than 10 s on 2 cores
  // A fresh patient and, on a retry, four weeks later: what an earlier attempt booked stays booked.
  const date = workdayAfter(22 + 28 * testInfo.retry);
  const who = newPerson('turns');
  await signUpPatient(page.request, who, { name: 'Maude', lastName: 'Flanders', birth: '1962-03-03' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'medical appointment request' })
    .click();
  await expect(page).toHaveURL(/\/home\/appointment$/);
  // a weekend has no turns
  const saturday = new Date(`${date}T12:00:00Z`);
  saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7));
  await page.getByLabel('Date').fill(saturday.toISOString().slice(0, 10));
  await expect(page.getByText('No available turns')).toBeVisible();

  await page.getByLabel('Date').fill(date);
  const slots = page.getByRole('group', { name: 'Available turns' });
  await expect(slots.getByRole('radio')).toHaveCount(16);
  // free slots read HH:MM
  await expect(slots.locator('label')).toContainText(['09:00', '09:30', '10:00', '14:00', '17:30']);
  await expectAccessible(page);
  await slots.getByLabel('10:00', { exact: true }).check();
  const requested = page.waitForResponse(
    (r) => r.url().endsWith('/api/turns') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Request consultation' }).click();
  const id = ((await (await requested).json()) as { ID: number }).ID;
  await waitToastGone(page, 'Consultation turn created!');
  const mine = page
    .getByRole('region', { name: 'My turns' })
    .getByRole('listitem')
    // the patient's own turns name the month ('Friday, January 8, 2027'): no date order misreads it
    .filter({ hasText: longDate(date) });
  await expect(mine).toContainText('10:00');
  await expect(mine).toContainText('Medic: Pending...');
  await expect(mine).toContainText('Pay the consultation budget first');

  // one consultation at a time: said at once, no slot to pick
  await expect(page.getByText('You already have a consultation turn!')).toBeVisible();
  await expect(slots).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request consultation' })).toHaveCount(0);

  // the medic accepts it from the turn details
  const medicContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const medic = await medicContext.newPage();
  await signInAs(medic, 'medic');
  await medic.goto('/home/calendar');
  const details = medic.getByRole('region', { name: 'Turns details' });
  await details.getByLabel('Date').fill(date);
  const turn = details
    .getByRole('listitem')
    .filter({ hasText: 'Consultation requested by the patient' })
    .filter({ hasText: who.document });
  await expect(turn.getByText('New Turn', { exact: true })).toBeVisible();
  await turn.getByRole('button', { name: 'Accept?' }).click();
  await waitToastGone(medic, `Turn ID ${id} accepted!`);
  await expect(turn).toContainText('Medic: Accepted');
  await medicContext.close();

  // the patient's list follows without a reload: the live agenda announced the medic's accept
  await expect(mine).toContainText('Medic: Accepted');
  await expect(mine.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // paying the consultation accepts the turn for the patient
  await mine.getByRole('link', { name: 'Go to Payments' }).click();
  await expect(page).toHaveURL(/\/home\/payments$/);
  const consultation = page
    .getByRole('listitem')
    .filter({ hasText: 'consultation' })
    .filter({ hasText: '1,170.00' });
  await expect(consultation).toHaveCount(1);
  await consultation.getByRole('button', { name: /^PAY/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo-checkout\/\d+$/);
  await page.getByRole('button', { name: 'Pay ARS 1,170.00' }).click();
  await expect(page).toHaveURL(/\/home\/payments$/);
  await expect(consultation).toHaveCount(0);
  await page.goto('/home/appointment');
  await expect(mine).toContainText('You: Accepted');
  await expect(mine).not.toContainText('Pay the consultation budget first');

  await mine.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel turn' }).click();
  await waitToastGone(page, 'Turn deleted!');
  await expect(mine).toHaveCount(0);
});

test('typing goes on through a patient pick and the #consult help; the saved turn has exactly what was typed', async ({
  page,
}, testInfo) => {
  test.slow(); // a turn typed key by key through the patient pick and the help, then read back: more than 10 s on 2 cores
  const date = workdayAfter(17 + 28 * testInfo.retry);
  await signInAs(page, 'medic');
  await page.goto('/home/calendar');
  const create = page.getByRole('region', { name: 'Create a Turn' });
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill('15:00');
  await create.getByLabel('Patient').fill('Patient@Clinic');
  await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
  await expectToast(page, 'Patient selected successfully.');
  // straight on typing while the toast shows: no pop-up takes the keys, nor does the reserved word's help
  const description = create.getByLabel('Description');
  await description.focus();
  const typed = 'Filling #consult on tooth 16, bring the x-ray';
  await page.keyboard.type(typed);
  await expect(description).toHaveValue(typed);
  await expect(description).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(create.getByText("The word '#consult' is reserved for consultations")).toBeVisible();
  await expect(create.getByRole('checkbox', { name: 'Consultation' })).toBeChecked();
  await expectAccessible(page);

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/turns') && r.request().method() === 'POST',
  );
  await create.getByRole('button', { name: 'Create Turn' }).click();
  const saved = (await (await created).json()) as {
    ID: number;
    description: string;
    isConsultation: boolean;
  };
  expect(saved).toMatchObject({ description: typed, isConsultation: true });
  await expectToast(page, 'Turn successfully created.');

  // the next turn starts from an empty form; the checkbox writes and takes out the reserved word
  await expect(description).toHaveValue('');
  await expect(create.getByLabel('Patient')).toHaveValue('');
  await expect(create.getByText("The word '#consult' is reserved for consultations")).toHaveCount(0);
  await description.fill('Check-up');
  await create.getByRole('checkbox', { name: 'Consultation' }).check();
  await expect(description).toHaveValue('Check-up #consult');
  await create.getByRole('checkbox', { name: 'Consultation' }).uncheck();
  await expect(description).toHaveValue('Check-up');

  // clean up: the turn goes (its unpaid consultation budget with it)
  expect((await page.request.delete(`/api/turns/delete/${saved.ID}`)).status()).toBe(200);
});
