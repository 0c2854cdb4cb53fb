import { expect, type Page, test } from '@playwright/test';
import { approvedMedic, newPerson, signUpPatient } from '../accounts/support';
import { signInRequest } from '../fixtures';
import { workdayAfter } from './support';

/**
 * Every GET of turns the page makes (as `read <from>..<to>`) and every notice its live socket
 * receives, in order, from now on (set before the page opens its socket): each read must follow a
 * notice it answers.
 */
function watchTraffic(page: Page) {
  const events: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"dates"')) events.push('notice');
    });
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/turns')
      events.push(`read ${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
  });
  return events;
}

/** The 'Next' clicks that bring the month view from this month to the month of `date`. */
async function showMonthOf(page: Page, date: string): Promise<void> {
  const now = new Date();
  const months =
    (Number(date.slice(0, 4)) - now.getFullYear()) * 12 + Number(date.slice(5, 7)) - 1 - now.getMonth();
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next' }).click();
}

test('two medics on the same month: a turn booked, moved and cancelled by one shows in the other without a reload, which reads only the day each notice names', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // two weeks on: the demo clinic's seeded turns fill this week and the next (worker/src/local/demo.ts)
  const date = workdayAfter(15 + 28 * testInfo.retry);
  // Medic A: the demo medic, working through the API from a context of its own.
  const a = await browser.newContext({ baseURL });
  await signInRequest(a.request, 'medic');
  const lisa = (await (await a.request.get('/api/patients?email=patient@clinic.test')).json()) as {
    ID: number;
  };

  // B's calendar, open on that month and date.
  // Medic B: another medic of the clinic, signed up, approved by A, signed in on this page.
  const b = await approvedMedic(page.request, a.request, 'live');
  const login = await page.request.post('/api/login', { data: { email: b.email, password: b.password } });
  expect(login.status()).toBe(200);
  const traffic = watchTraffic(page);
  await page.goto('/home/calendar');
  await showMonthOf(page, date);
  const details = page.getByRole('region', { name: 'Turns details' });
  await details.getByLabel('Date').fill(date);
  await expect(details.getByText('No turns on this date.')).toBeVisible();
  const loaded = traffic.length;

  const booked = await a.request.post('/api/turns', {
    data: { date, time: 11, duration: 0.5, description: 'Live check-up', PatientID: lisa.ID },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { ID } = (await booked.json()) as { ID: number };
  const turn = details.getByRole('listitem').filter({ hasText: 'Live check-up' });
  await expect(turn).toContainText('11:00');

  const moved = await a.request.put(`/api/turns/move/${ID}`, { data: { date, time: 15 } });
  expect(moved.status(), await moved.text()).toBe(200);
  await expect(turn).toContainText('15:00');

  const cancelled = await a.request.delete(`/api/turns/delete/${ID}`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect(details.getByText('No turns on this date.')).toBeVisible();

  // Three notices, and no read of turns but the one each of them caused: the day it names, not
  // the month on screen.
  const day = `read ${date}..${date}`;
  await expect.poll(() => traffic.slice(loaded)).toEqual(['notice', day, 'notice', day, 'notice', day]);
  await a.close();
});

test("a patient's free slots update when a medic books the slot they are looking at", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const date = workdayAfter(16 + 28 * testInfo.retry);
  const who = newPerson('liveslots');
  await signUpPatient(page.request, who, { name: 'Rod', lastName: 'Flanders', birth: '1990-03-03' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  await page.goto('/home/appointment');
  await page.getByLabel('Date').fill(date);
  const slots = page.getByRole('group', { name: 'Available turns' });
  await expect(slots.getByLabel('16:30', { exact: true })).toBeVisible();

  const medic = await browser.newContext({ baseURL });
  await signInRequest(medic.request, 'medic');
  const lisa = (await (await medic.request.get('/api/patients?email=patient@clinic.test')).json()) as {
    ID: number;
  };
  const booked = await medic.request.post('/api/turns', {
    data: { date, time: 16.5, duration: 0.5, description: 'Taken while looking', PatientID: lisa.ID },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // no reload: the slot goes
  await expect(slots.getByLabel('16:30', { exact: true })).toHaveCount(0);
  await expect(slots.getByLabel('16:00', { exact: true })).toBeVisible();
  const { ID } = (await booked.json()) as { ID: number };
  expect((await medic.request.delete(`/api/turns/delete/${ID}`)).status()).toBe(200);
  await expect(slots.getByLabel('16:30', { exact: true })).toBeVisible();
  await medic.close();
});
