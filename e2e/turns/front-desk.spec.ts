import { DEMO_CLINIC } from '@clinic/worker/demo';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ICAL from 'ical.js';
import { newApprovedMedic } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from './support';

// The front desk (signed in as one medic) books a patient with another medic, confirms it by
// phone, moves it and cancels it; the patient is mailed at each step, the booking with an
// invitation their calendar app reads. On a laptop the calendar and Create a Turn are both in view.
test.describe.configure({ timeout: 180_000 });

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
  calendar: string | null;
}

/** The newest local mail to `to` whose subject has `subject`, after mail `after`. */
async function mailAfter(request: APIRequestContext, after: number, to: string, subject: string) {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as OutboxMail[];
      found = mails.find((m) => m.id > after && m.to === to && m.subject.includes(subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as OutboxMail;
}

const lastMailId = async (request: APIRequestContext): Promise<number> =>
  ((await (await request.get('/api/dev/outbox')).json()) as OutboxMail[])[0]?.id ?? 0;

/** The invitation's method and its one event, read by an iCalendar library (not a regex). */
function invitationOf(mail: OutboxMail): { method: string; event: ICAL.Event } {
  expect(mail.calendar, `${mail.subject} carries a text/calendar part`).toBeTruthy();
  const calendar = new ICAL.Component(ICAL.parse(mail.calendar ?? ''));
  const vevent = calendar.getFirstSubcomponent('vevent');
  expect(vevent).not.toBeNull();
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    event: new ICAL.Event(vevent ?? undefined),
  };
}

for (const { name, viewport, days } of [
  { name: 'laptop, 1440 px', viewport: { width: 1440, height: 900 }, days: 43 },
  { name: 'phone, 360 px', viewport: { width: 360, height: 780 }, days: 44 },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test('the desk books a patient with another medic, confirms it by phone, moves it and cancels it; each step is mailed', async ({
      page,
      playwright,
      baseURL,
    }, testInfo) => {
      const date = workdayAfter(days + 7 * testInfo.retry);
      // The desk: an approved medic other than Dr. House (medic 1).
      const desk = await newApprovedMedic(playwright.request, baseURL, 'desk');
      const login = await page.request.post('/api/login', {
        data: { email: desk.email, password: desk.password },
      });
      expect(login.status(), await login.text()).toBe(200);

      await page.goto('/home/calendar');
      const create = page.getByRole('region', { name: 'Create a Turn' });
      await expect(create).toBeVisible({ timeout: 30_000 });
      if (viewport.width >= 1024) {
        // The calendar and Create a Turn are both in view without scrolling.
        await expect(page.locator('.rbc-calendar')).toBeInViewport();
        await expect(create).toBeInViewport();
      } else {
        // A phone opens on the agenda, not on an unreadable month grid.
        await expect(page.locator('.rbc-agenda-view')).toBeVisible();
      }
      await expectAccessible(page);

      // Book Lisa Simpson with Dr. House, at one of his free starts that day.
      await create.getByLabel('Patient').fill('Patient@Clinic');
      await create.getByRole('button', { name: /Simpson, Lisa/ }).click();
      await create.getByLabel('Medic').selectOption({ label: 'Dr. Gregory House' });
      await create.getByLabel('Date').fill(date);
      const starts = create.getByRole('group', { name: 'Free starts' });
      await starts.getByRole('button', { name: '11:00' }).click();
      await expect(create.getByLabel('Time')).toHaveValue('11:00');
      await create.getByLabel('Description').fill(`Desk booking ${viewport.width}`);
      await expectAccessible(page);
      const before = await lastMailId(page.request);
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/turns') && r.request().method() === 'POST',
      );
      await create.getByRole('button', { name: 'Create Turn' }).click();
      const res = await created;
      expect(res.status(), await res.text()).toBe(201);
      const turn = (await res.json()) as { ID: number; MedicID: number };
      expect(turn.MedicID).toBe(1);
      await expectToast(page, 'Turn successfully created.');

      // The booking's mail carries an invitation for 11:00 that day, in the clinic's zone.
      const booked = await mailAfter(page.request, before, 'patient@clinic.test', 'Your turn at');
      // the desk's name (a medic who signed up on their own has no title yet)
      expect(booked.body).toMatch(/Booked by: (Dr\. )?Julius Hibbert/);
      const invitation = invitationOf(booked);
      expect(invitation.method).toBe('REQUEST');
      expect(invitation.event.uid).toContain(`turn-${turn.ID}@`);
      expect(invitation.event.summary).toContain('Dr. Gregory House');
      const start = invitation.event.startDate.toJSDate();
      const localStart = new Intl.DateTimeFormat('en-CA', {
        timeZone: DEMO_CLINIC.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(start);
      expect(localStart).toBe(`${date}, 11:00`);

      // Confirmed by phone, from the turn's details.
      const details = page.getByRole('region', { name: 'Turns details' });
      await details.getByLabel('Date').fill(date);
      const record = details.getByRole('listitem').filter({ hasText: `Desk booking ${viewport.width}` });
      await expect(record).toContainText('Patient: Pending...');
      await record.getByRole('button', { name: 'Confirmed by phone' }).click();
      await expectToast(page, `Turn ID ${turn.ID} accepted!`);
      await expect(record).toContainText('Patient: Confirmed by phone');
      // and by whom: the desk's medic, though the turn is Dr. House's
      await expect(record).toContainText(/Confirmed by phone, by (Dr\. )?Julius Hibbert/);
      await expectAccessible(page);

      // Moved by the desk: the patient is mailed the new time, with an updated invitation.
      const beforeMove = await lastMailId(page.request);
      await record.getByRole('button', { name: 'Move' }).click();
      const form = page.getByRole('form', { name: `Move turn ${turn.ID}` });
      await form.getByLabel('New time').fill('15:30');
      await form.getByRole('button', { name: 'Move turn' }).click();
      await expectToast(page, 'Turn moved. The patient must accept it again.');
      const moved = await mailAfter(page.request, beforeMove, 'patient@clinic.test', 'was moved');
      expect(moved.body).toContain('Time: 15:30');
      expect(moved.body).toMatch(/Moved by: (Dr\. )?Julius Hibbert/);
      const update = invitationOf(moved);
      expect(update.method).toBe('REQUEST');
      expect(update.event.uid).toBe(invitation.event.uid);
      await details.getByLabel('Date').fill(date);
      await expect(record).toContainText('15:30');

      // Cancelled by the desk: the patient is mailed, and the invitation removes the event.
      const beforeCancel = await lastMailId(page.request);
      await record.getByRole('button', { name: 'CANCEL' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel turn' }).click();
      await expectToast(page, `Turn ID ${turn.ID} deleted!`);
      const cancelled = await mailAfter(page.request, beforeCancel, 'patient@clinic.test', 'was cancelled');
      expect(invitationOf(cancelled).method).toBe('CANCEL');
      await expect(record).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

/** The first Saturday at least `days` days from today. */
function saturdayAfter(days: number): string {
  const d = new Date(`${workdayAfter(days)}T12:00:00Z`);
  while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Books two turns for Lisa Simpson (the demo patient) on `date` through the API (the demo medic's session). */
async function bookTwo(request: APIRequestContext, date: string, tag: string): Promise<number[]> {
  const found = (await (await request.get('/api/patients?q=35123456')).json()) as { ID: number }[];
  const lisa = found[0]?.ID;
  expect(lisa).toBeDefined();
  const ids: number[] = [];
  for (const time of [9, 10]) {
    const res = await request.post('/api/turns', {
      data: { date, time, duration: 0.5, description: `${tag} ${time}`, PatientID: lisa },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { ID: number }).ID);
  }
  return ids;
}

/** Opens the clinic's update form and closes Saturdays in the hours editor, then saves. */
async function closeSaturdays(page: Page): Promise<void> {
  await page.goto('/home/clinic-details/update-data');
  const hours = page.getByRole('group', { name: 'Working hours' });
  await hours.getByLabel('Day').selectOption({ label: 'Saturday' });
  for (const field of ['Morning start', 'Morning end', 'Afternoon start', 'Afternoon end']) {
    await hours.getByLabel(field).fill('');
  }
  await hours.getByRole('button', { name: 'Set working hours' }).click();
  await expect(hours.getByRole('definition').nth(6)).toHaveText('CLOSED');
  await page.getByRole('button', { name: 'Update details' }).click();
}

test('a change of hours that strands two booked turns lists them before saving, and each choice does what it says', async ({
  page,
}, testInfo) => {
  test.slow();
  await signInAs(page, 'medic');
  const original = ((await (await page.request.get('/api/Clinics')).json()) as { officeHours: string })
    .officeHours;
  const hoursWith = (saturday: boolean) => {
    const week = JSON.parse(original) as unknown[];
    week[6] = saturday ? [{ min: 9, max: 13 }] : [];
    return JSON.stringify(week);
  };
  const openSaturdays = async () => {
    const res = await page.request.put('/api/Clinics', { data: { officeHours: hoursWith(true) } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const flagsOf = async (date: string) =>
    (await (await page.request.get(`/api/turns?from=${date}&to=${date}`)).json()) as {
      ID: number;
      hoursFlag: string | null;
    }[];
  const dialog = page.getByRole('dialog', { name: 'Booked turns outside the new hours' });
  const base = 50 + 28 * testInfo.retry;
  try {
    // keep (after first going back to the hours: nothing is saved then)
    await openSaturdays();
    const keepDate = saturdayAfter(base);
    const kept = await bookTwo(page.request, keepDate, 'Keep');
    await closeSaturdays(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog).toContainText('09:00');
    await expect(dialog).toContainText('10:00');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Back to the hours' }).click();
    await expect(dialog).toBeHidden();
    const stillOpen = ((await (await page.request.get('/api/Clinics')).json()) as { officeHours: string })
      .officeHours;
    expect(JSON.parse(stillOpen)[6]).toEqual([{ min: 9, max: 13 }]);
    await page.getByRole('button', { name: 'Update details' }).click();
    await dialog.getByRole('button', { name: 'Keep them, marked as outside hours' }).click();
    await expectToast(page, 'Update clinic details successfully.');
    expect((await flagsOf(keepDate)).filter((t) => kept.includes(t.ID)).map((t) => t.hoursFlag)).toEqual([
      'kept',
      'kept',
    ]);

    // cancel and mail
    await openSaturdays();
    const cancelDate = saturdayAfter(base + 7);
    const cancelled = await bookTwo(page.request, cancelDate, 'Cancel');
    const before = ((await (await page.request.get('/api/dev/outbox')).json()) as OutboxMail[])[0]?.id ?? 0;
    await closeSaturdays(page);
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Cancel them and mail the patients' }).click();
    await expectToast(page, 'Update clinic details successfully.');
    expect((await flagsOf(cancelDate)).filter((t) => cancelled.includes(t.ID))).toEqual([]);
    const mails = ((await (await page.request.get('/api/dev/outbox')).json()) as OutboxMail[]).filter(
      (m) => m.id > before && m.subject.includes('was cancelled'),
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(invitationOf(mail).method).toBe('CANCEL');

    // leave them for the desk to move: the calendar lists them under Needs moving
    await openSaturdays();
    const moveDate = saturdayAfter(base + 14);
    const toMove = await bookTwo(page.request, moveDate, 'Move');
    await closeSaturdays(page);
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Leave them for the desk to move' }).click();
    await expectToast(page, 'Update clinic details successfully.');
    expect((await flagsOf(moveDate)).filter((t) => toMove.includes(t.ID)).map((t) => t.hoursFlag)).toEqual([
      'needs-moving',
      'needs-moving',
    ]);
    await page.goto('/home/calendar');
    const list = page.getByRole('region', { name: 'Needs moving' });
    const shown = `${moveDate.slice(5, 7)}/${moveDate.slice(8, 10)}/${moveDate.slice(0, 4)}`;
    await expect(list.getByRole('button', { name: new RegExp(`^${shown} .*Simpson, Lisa`) })).toHaveCount(2);
    await expectAccessible(page);
  } finally {
    await page.request.put('/api/Clinics', { data: { officeHours: original } });
  }
});
