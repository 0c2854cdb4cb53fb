import { type Browser, expect, type Page, test } from '@playwright/test';
import { dismiss, newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from './support';

// Two browser contexts, a drag and a round of pop-ups: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

interface Turn {
  ID: number;
  date: string;
  time: number;
  patientAccepts: boolean;
}

/** A fresh patient, signed in on a context of its own; the last name is unique to find their turns. */
async function patientWithTurns(browser: Browser, baseURL: string, tag: string) {
  const who = newPerson(tag);
  const context = await browser.newContext({ baseURL });
  const patient = await context.newPage();
  const lastName = `Drag${[...who.document.slice(-5)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
  await signUpPatient(patient.request, who, { name: 'Ned', lastName, birth: '1960-01-01' });
  expect(
    (
      await patient.request.post('/api/login', { data: { email: who.email, password: who.password } })
    ).status(),
  ).toBe(200);
  const me = await (await patient.request.get('/api/me')).json();
  return { who, lastName, patient, context, patientId: me.patientID as number };
}

async function book(
  medic: Page,
  patientId: number,
  date: string,
  time: number,
  description: string,
): Promise<Turn> {
  const res = await medic.request.post('/api/turns', {
    data: { date, time, duration: 0.5, description, PatientID: patientId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Opens the week view and steps forward to the week of `date` (weeks start on Sunday, en-US). */
async function openWeekOf(medic: Page, date: string, lastName: string): Promise<void> {
  await medic.goto('/home/calendar');
  await medic.locator('.rbc-toolbar').getByRole('button', { name: 'Week' }).click();
  await expect(medic.locator('.rbc-time-view')).toBeVisible();
  const today = await medic.evaluate(() => {
    const now = new Date();
    return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  });
  const target = Date.parse(`${date}T00:00:00Z`);
  const sunday = (ms: number) => ms - new Date(ms).getUTCDay() * 86_400_000;
  const weeks = Math.round((sunday(target) - sunday(today)) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) {
    await medic.locator('.rbc-toolbar').getByRole('button', { name: 'Next' }).click();
  }
  await expect(medic.locator('.rbc-event', { hasText: lastName }).first()).toBeVisible();
}

/** Drags an event with the mouse onto the slot of `weekday` (0 Sunday) starting `hours` after the grid's first hour. */
async function drag(
  medic: Page,
  event: ReturnType<Page['locator']>,
  weekday: number,
  time: number,
): Promise<void> {
  const from = await event.boundingBox();
  const column = medic.locator('.rbc-time-content .rbc-day-slot').nth(weekday);
  // the grid starts one hour before the earliest office hour (9:00), in 15-minute slots
  const slot = column.locator('.rbc-time-slot').nth(Math.round((time - 8) * 4));
  await slot.scrollIntoViewIfNeeded();
  const to = await slot.boundingBox();
  const start = await event.boundingBox();
  if (!from || !to || !start) throw new Error('nothing to drag');
  await medic.mouse.move(start.x + start.width / 2, start.y + 3);
  await medic.mouse.down();
  await medic.mouse.move(start.x + start.width / 2, start.y + 12, { steps: 3 });
  // rbc keeps the grab offset (3 px): land a little into the target slot
  await medic.mouse.move(to.x + to.width / 2, to.y + 3 + to.height * 0.3, { steps: 12 });
  await medic.mouse.up();
}

test('a medic drags a turn in week view to a free slot; the patient must accept it again', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const date = workdayAfter(31 + 28 * testInfo.retry);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  await signInAs(page, 'medic');
  const p = await patientWithTurns(browser, baseURL ?? '', 'drag');
  const first = await book(page, p.patientId, date, 10, 'Filling');
  await book(page, p.patientId, date, 11, 'Cleaning');
  expect(
    (
      await p.patient.request.put(`/api/turns/update/${first.ID}`, { data: { patientAccepts: true } })
    ).status(),
  ).toBe(200);

  await openWeekOf(page, date, p.lastName);
  await expectAccessible(page);
  const event = page.locator('.rbc-event', { hasText: `10:00 ${p.lastName}` });
  await drag(page, event, weekday, 15);
  await expectToast(page, 'Turn moved. The patient must accept it again.');
  await expect(page.locator('.rbc-event', { hasText: `15:00 ${p.lastName}` })).toBeVisible();
  await expect(page.locator('.rbc-event', { hasText: `10:00 ${p.lastName}` })).toHaveCount(0);
  const moved: Turn[] = await (await page.request.get(`/api/turns?from=${date}&to=${date}`)).json();
  expect(moved.find((t) => t.ID === first.ID)).toMatchObject({ time: 15, patientAccepts: false });

  // the patient sees it waiting for them again
  await p.patient.goto('/home/appointment');
  const mine = p.patient
    .getByRole('region', { name: 'My turns' })
    .getByRole('listitem')
    .filter({ hasText: 'Filling' });
  await expect(mine).toContainText('15:00');
  await expect(mine).toContainText('You: Pending...');
  await p.context.close();
});

test('a drag onto a taken slot is refused and the turn snaps back; the keyboard moves it with Move', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const date = workdayAfter(38 + 28 * testInfo.retry);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  await signInAs(page, 'medic');
  const p = await patientWithTurns(browser, baseURL ?? '', 'snap');
  await p.context.close();
  const first = await book(page, p.patientId, date, 10, 'Filling');
  await book(page, p.patientId, date, 11, 'Cleaning');

  await openWeekOf(page, date, p.lastName);
  const event = page.locator('.rbc-event', { hasText: `10:00 ${p.lastName}` });
  await drag(page, event, weekday, 11);
  await dismiss(page, 'Out of office hours or already taken.');
  await expect(page.locator('.rbc-event', { hasText: `10:00 ${p.lastName}` })).toBeVisible();
  const still: Turn[] = await (await page.request.get(`/api/turns?from=${date}&to=${date}`)).json();
  expect(still.find((t) => t.ID === first.ID)).toMatchObject({ time: 10 });

  // without a mouse: Turns details, Move, a date and a time
  const details = page.getByRole('region', { name: 'Turns details' });
  await details.getByLabel('Date', { exact: true }).fill(date);
  const turn = details.getByRole('listitem').filter({ hasText: 'Filling' });
  await turn.getByRole('button', { name: 'Move' }).focus();
  await page.keyboard.press('Enter');
  const form = turn.getByRole('form', { name: `Move turn ${first.ID}` });
  await expect(form).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('New date')).toBeFocused();
  await form.getByLabel('New time').fill('11:00');
  await form.getByRole('button', { name: 'Move turn' }).click();
  await dismiss(page, 'Out of office hours or already taken.');
  await form.getByLabel('New time').fill('16:30');
  await form.getByLabel('New time').press('Enter');
  await expectToast(page, 'Turn moved. The patient must accept it again.');
  await expect(details.getByRole('listitem').filter({ hasText: 'Filling' })).toContainText('16:30');
  await expectAccessible(page);
});
