import { MSG } from '@clinic/worker/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerPatient } from '../accounts/support';
import { expectAccessible, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';

/** A patient the desk registers and puts on the waitlist for `date`: answers their email. */
async function waitingPatient(medic: APIRequestContext, lastName: string, date: string): Promise<string> {
  const { id: ID, email } = await registerPatient(medic, 'Wait', lastName, { birth: '1980-01-01' });
  const joined = await medic.post('/api/waitlist', {
    data: { PatientID: ID, from: date, to: date, part: 'morning' },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return email;
}

/** The offer link mailed to `email` (the local outbox), once it is there. */
async function offerLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
          to: string;
          body: string;
        }[];
        const mail = outbox.find((m) => m.to === email && m.body.includes('/api/waitlist/offers/'));
        link = /https?:\/\/\S+\/api\/waitlist\/offers\/[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
        return link !== '';
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return new URL(link).pathname;
}

test('the desk cancels a turn; the offer reaches two waiting patients; the first to claim gets it, the desk sees it live, the other is told it was taken', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow(); // three browser contexts, an alarm and the live agenda: more than 10 s on 2 cores
  const date = workdayAfter(30 + 28 * testInfo.retry);
  await signInAs(page, 'medic');
  const desk = page.request;
  // The grace is 0 in the test clinic, so the round goes out at once.
  const set = await desk.put('/api/Clinics', { data: { waitlistGraceMinutes: 0 } });
  expect(set.status(), await set.text()).toBe(200);
  try {
    const first = await waitingPatient(desk, 'Firsta', date);
    const second = await waitingPatient(desk, 'Secondo', date);
    const lisa = (await (await desk.get('/api/patients?email=patient@clinic.test')).json()) as { ID: number };
    const booked = await desk.post('/api/turns', {
      data: { date, time: 10, duration: 0.5, description: 'Soon cancelled', PatientID: lisa.ID },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // The desk's calendar, open on that day; the desk cancels the turn there.
    await page.goto('/home/calendar');
    const details = page.getByRole('region', { name: 'Turns details' });
    await details.getByLabel('Date').fill(date);
    const cancelled = details.getByRole('listitem').filter({ hasText: 'Soon cancelled' });
    await cancelled.getByRole('button', { name: 'CANCEL' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel turn' }).click();
    // (other journeys may have turns on the same day: only this one must be gone)
    await expect(cancelled).toHaveCount(0);

    // The offer mail reaches both waiting patients.
    const firstLink = await offerLink(desk, first);
    const secondLink = await offerLink(desk, second);

    // The first claims it in a browser context of their own (no sign-in: the link is the key).
    const patientA = await browser.newContext({ baseURL });
    const offerPage = await patientA.newPage();
    await offerPage.goto(firstLink);
    await expect(offerPage.getByText(MSG.offerClaimAsk)).toBeVisible();
    await expectAccessible(offerPage);
    await offerPage.getByRole('button', { name: MSG.offerClaimButton }).click();
    await expect(offerPage.getByText(MSG.offerClaimed)).toBeVisible();
    await patientA.close();

    // The desk's open calendar shows the new turn without a reload.
    await expect(details.getByRole('listitem').filter({ hasText: 'Turn from the waitlist' })).toContainText(
      '10:00',
    );
    await expect(details.getByRole('listitem').filter({ hasText: 'Turn from the waitlist' })).toContainText(
      'Firsta',
    );

    // The other's claim shows it was taken.
    const patientB = await browser.newContext({ baseURL });
    const late = await patientB.newPage();
    await late.goto(secondLink);
    await expect(late.getByText(MSG.offerTaken)).toBeVisible();
    const claim = await patientB.request.post(`${secondLink}/claim`, { headers: { Origin: baseURL ?? '' } });
    expect(claim.status()).toBe(409);
    await patientB.close();

    // The desk's waitlist shows each entry's offer and what became of it.
    await page.goto('/home/waitlistDesk');
    const list = page.getByRole('list', { name: 'Waiting patients' });
    await expect(list.getByRole('listitem').filter({ hasText: 'Firsta' }).first()).toContainText('Took it');
    await expect(list.getByRole('listitem').filter({ hasText: 'Secondo' }).first()).toContainText(
      'Taken by another',
    );
    await expectAccessible(page);
  } finally {
    await desk.put('/api/Clinics', { data: { waitlistGraceMinutes: 3 } });
  }
});
