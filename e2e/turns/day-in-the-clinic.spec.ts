import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { loginWithForm, newPerson } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { drag, openWeekOf, workdayAfter } from './support';

// A clinic's working day in one go, on a laptop and on a phone: the medic books three turns for
// tomorrow, moves one (a drag in the week view; the Move form where the phone shows the agenda),
// cancels one; a new patient signs up, pays a consultation and downloads the receipt. Every
// screen it visits passes axe.
test.describe.configure({ timeout: 180_000 });

/** Books a turn for Lisa Simpson with Create a Turn; answers its ID. */
async function bookWithForm(page: Page, date: string, time: string, description: string): Promise<number> {
  const create = page.getByRole('region', { name: 'Create a Turn' });
  await create.getByLabel('Patient').fill('Patient@Clinic');
  await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Time').fill(time);
  await create.getByLabel('Description').fill(description);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/turns') && r.request().method() === 'POST',
  );
  await create.getByRole('button', { name: 'Create Turn' }).click();
  const res = await created;
  expect(res.status(), await res.text()).toBe(201);
  await expectToast(page, 'Turn successfully created.');
  return ((await res.json()) as { ID: number }).ID;
}

for (const { name, viewport, times, to } of [
  {
    name: 'laptop, 1440 px',
    viewport: { width: 1440, height: 900 },
    // slots the demo clinic leaves free every day (worker/src/local/demo.ts)
    times: ['09:00', '09:30', '12:30'],
    to: 17,
  },
  {
    name: 'phone, 360 px',
    viewport: { width: 360, height: 780 },
    times: ['12:30', '14:30', '17:30'],
    to: 14,
  },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test('a day in the clinic: book three turns for tomorrow, move one, cancel one; a new patient pays a consultation and downloads the receipt', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const tomorrow = workdayAfter(1 + 7 * testInfo.retry);
      const tag = `${viewport.width}-${testInfo.retry}`;
      const [first, second, third] = times as [string, string, string];

      // The medic books three turns for tomorrow.
      await signInAs(page, 'medic');
      await page.goto('/home/calendar');
      // The calendar's first load, on a busy machine, may take longer than one expect's default.
      await expect(page.getByRole('heading', { name: 'Create a Turn' })).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page);
      await bookWithForm(page, tomorrow, first, `Check-up ${tag}`);
      const movedId = await bookWithForm(page, tomorrow, second, `Filling ${tag}`);
      const cancelledId = await bookWithForm(page, tomorrow, third, `Cleaning ${tag}`);
      const details = page.getByRole('region', { name: 'Turns details' });
      await details.getByLabel('Date').fill(tomorrow);
      await expect(details.getByRole('listitem').filter({ hasText: tag })).toHaveCount(3);
      await expectAccessible(page);

      // One moves: less than a day ahead, the medic may still change it (the patient is mailed).
      const moved = details.getByRole('listitem').filter({ hasText: `Filling ${tag}` });
      if (viewport.width >= 1024) {
        await openWeekOf(page, tomorrow, 'Simpson');
        await expectAccessible(page);
        const event = page.locator('.rbc-event', { hasText: `Simpson, Lisa ${second}` });
        await drag(page, event, new Date(`${tomorrow}T12:00:00Z`).getUTCDay(), to);
      } else {
        // The phone shows the agenda, where nothing drags: the Move form does the same.
        await moved.getByRole('button', { name: 'Move' }).click();
        const form = page.getByRole('form', { name: `Move turn ${movedId}` });
        await form.getByLabel('New time').fill(`${to}:00`);
        await form.getByRole('button', { name: 'Move turn' }).click();
      }
      await expectToast(page, 'Turn moved. The patient must accept it again.');
      await details.getByLabel('Date').fill(tomorrow);
      await expect(moved).toContainText(`${to}:00`);

      // One is cancelled, also within the day's notice.
      await details
        .getByRole('listitem')
        .filter({ hasText: `Cleaning ${tag}` })
        .getByRole('button', { name: 'CANCEL' })
        .click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel turn' }).click();
      await expectToast(page, `Turn ID ${cancelledId} deleted!`);
      await expect(details.getByRole('listitem').filter({ hasText: tag })).toHaveCount(2);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAccessible(page);

      // A new patient registers on the sign-up page and signs in.
      const who = newPerson('day');
      const context = await browser.newContext({ baseURL, viewport });
      const patient = await context.newPage();
      await patient.goto('/SignUp');
      await patient.getByLabel('Name', { exact: true }).fill('Marge');
      await patient.getByLabel('Lastname').fill('Bouvier');
      await patient.getByLabel('ID').fill(who.document);
      await patient.getByLabel('Birth date').fill('1956-03-19');
      await patient.getByLabel('Email').fill(who.email);
      await patient.getByLabel('Password', { exact: true }).fill(who.password);
      await patient.getByLabel('Confirm password').fill(who.password);
      await patient.getByLabel('Medical insurance').fill('445566');
      await expectAccessible(patient);
      await patient.getByRole('button', { name: 'Sign up' }).click();
      await expectToast(patient, 'Registered successfully');
      await loginWithForm(patient, who.email, who.password);
      await expectAccessible(patient);

      // They ask for a consultation and pay it.
      await patient.goto('/home/appointment');
      await patient.getByLabel('Date').fill(workdayAfter(3 + 7 * testInfo.retry));
      const slots = patient.getByRole('group', { name: 'Available turns' });
      await slots.getByRole('radio').first().check();
      await expectAccessible(patient);
      await patient.getByRole('button', { name: 'Request consultation' }).click();
      await expectToast(patient, 'Consultation turn created!');
      await patient.goto('/home/payments');
      const toPay = patient.getByRole('listitem').filter({ hasText: 'consultation' });
      await expect(toPay).toContainText('ARS 1,170.00');
      await expectAccessible(patient);
      await toPay.getByRole('button', { name: /^PAY/ }).click();
      await expect(patient.getByRole('heading', { name: 'Demo checkout' })).toBeVisible();
      await expectAccessible(patient);
      await patient.getByRole('button', { name: 'Pay ARS 1,170.00' }).click();

      // Paid: the unpaid list is empty, the paid one has the receipt.
      await expect(patient).toHaveURL(/\/home\/payments$/);
      await expect(patient.getByText('This patient has no budgets')).toBeVisible();
      const paid = patient.getByRole('region', { name: 'Paid' }).getByRole('listitem');
      await expect(paid).toHaveCount(1);
      await expect(paid).toContainText('ARS 1,170.00');
      await expect(paid).toContainText(/Date\s*\d{2}\/\d{2}\/\d{4}/);
      await expectAccessible(patient);
      const downloading = patient.waitForEvent('download');
      await paid.getByRole('button', { name: /^Download receipt/ }).click();
      const receipt = await downloading;
      expect(receipt.suggestedFilename()).toMatch(/^Receipt \d+\.pdf$/);
      const bytes = await readFile(await receipt.path());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      await context.close();
    });
  });
}
