import { type Browser, expect, type Page, test } from '@playwright/test';
import { dismiss, medicRecordOf, newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { drag, openWeekOf, workdayAfter } from './support';

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
  const event = page.locator('.rbc-event', { hasText: `${p.lastName}, Ned 10:00` });
  await drag(page, event, weekday, 15);
  await expectToast(page, 'Turn moved. The patient must accept it again.');
  await expect(page.locator('.rbc-event', { hasText: `${p.lastName}, Ned 15:00` })).toBeVisible();
  await expect(page.locator('.rbc-event', { hasText: `${p.lastName}, Ned 10:00` })).toHaveCount(0);
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
  const event = page.locator('.rbc-event', { hasText: `${p.lastName}, Ned 10:00` });
  await drag(page, event, weekday, 11);
  await dismiss(page, 'Out of office hours or already taken.');
  await expect(page.locator('.rbc-event', { hasText: `${p.lastName}, Ned 10:00` })).toBeVisible();
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

test('the calendar reads 24-hour times and month/day/year dates, names the whole patient, and has a column and a filter per medic', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const date = workdayAfter(38 + 28 * testInfo.retry);
  const usDate = `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
  await signInAs(page, 'medic');
  const p = await patientWithTurns(browser, baseURL ?? '', 'reads');
  await book(page, p.patientId, date, 14.5, 'Crown');
  // a second approved medic (registered by the demo medic, approved at once)
  const second = newPerson('column');
  const added = await page.request.post('/api/medics', {
    data: medicRecordOf(second, new URL('/logo.png', baseURL).href),
  });
  expect(added.status(), await added.text()).toBe(201);

  await openWeekOf(page, date, p.lastName);
  const gutter = page.locator('.rbc-time-gutter');
  await expect(gutter).toContainText('14:00');
  await expect(gutter).not.toContainText(/AM|PM/);
  // each day's column says month/day; the range above the grid carries the year
  await expect(page.locator('.rbc-time-header')).toContainText(usDate.slice(0, 5));
  await expect(page.locator('.rbc-toolbar-label')).toContainText(`/${usDate.slice(6)}`);
  const event = page.locator('.rbc-event', { hasText: p.lastName });
  await expect(event).toContainText('14:30 – 15:00');
  // the whole name: in its tooltip and its accessible name, however narrow the event
  await expect(event).toHaveAttribute('title', new RegExp(`${p.lastName}, Ned`));
  await expect(page.getByRole('button', { name: new RegExp(`${p.lastName}, Ned 14:30`) })).toBeVisible();

  // the week filtered by medic: the second medic has no turn there
  const filter = page.getByLabel('Medics shown', { exact: true });
  await filter.selectOption({ label: 'Dr. Julius Hibbert' });
  await expect(event).toHaveCount(0);
  await filter.selectOption({ label: 'All medics' });
  await expect(event).toBeVisible();
  await expectAccessible(page);

  // the day view: one column per medic, the turn in its medic's
  await page.locator('.rbc-toolbar').getByRole('button', { name: 'Day', exact: true }).click();
  const label = page.locator('.rbc-toolbar-label');
  // the day view opens on a day of that week: step Back or Next to the turn's date
  for (let i = 0; i < 7; i++) {
    const shown = /(\d{2})\/(\d{2})\/(\d{4})/.exec((await label.textContent()) ?? '');
    const iso = shown ? `${shown[3]}-${shown[1]}-${shown[2]}` : date;
    if (iso === date) break;
    const step = iso < date ? 'Next' : 'Back';
    await page.locator('.rbc-toolbar').getByRole('button', { name: step, exact: true }).click();
    await expect(label).not.toHaveText(shown?.[0] ? new RegExp(shown[0]) : /^$/);
  }
  await expect(label).toContainText(usDate);
  const header = page.locator('.rbc-time-header');
  await expect(header).toContainText('Dr. Gregory House');
  await expect(header).toContainText('Dr. Julius Hibbert');
  expect(await page.locator('.rbc-time-content .rbc-day-slot').count()).toBeGreaterThanOrEqual(2);
  // other tests' turns may share the day: the first column holds this one among them
  await expect(
    page.locator('.rbc-time-content .rbc-day-slot').first().locator('.rbc-event', { hasText: p.lastName }),
  ).toBeVisible();
  await expectAccessible(page);
  await p.context.close();
});
