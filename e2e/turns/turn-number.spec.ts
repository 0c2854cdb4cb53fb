import { expect, test } from '@playwright/test';
import { signInAs, signInRequest } from '../fixtures';
import { URLS } from '../ports';
import { workdayAfter } from './support';

test('Turns details shows the number once the patient accepted, New Turn before, and times as HH:MM', async ({
  page,
  browser,
}, testInfo) => {
  // On a retry, four weeks later: what an earlier attempt booked may still be there.
  const date = workdayAfter(40 + 28 * testInfo.retry);
  await signInAs(page, 'medic');
  const book = async (time: number, description: string): Promise<number> => {
    const res = await page.request.post('/api/turns', {
      data: { date, time, duration: 0.5, description, PatientID: 1 },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { ID: number }).ID;
  };
  const accepted = await book(15.5, 'Filling, accepted by the patient');
  const waiting = await book(9, 'Filling, not accepted yet');

  // the demo patient accepts the first one
  const patient = await browser.newContext({ baseURL: URLS.app });
  await signInRequest(patient.request, 'patient');
  const accept = await patient.request.put(`/api/turns/update/${accepted}`, {
    data: { time: 15.5, MedicID: 1, patientAccepts: true },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  await patient.close();

  await page.goto('/home/calendar');
  const details = page.getByRole('region', { name: 'Turns details' });
  await details.getByLabel('Date').fill(date);
  const one = details.getByRole('listitem').filter({ hasText: 'Filling, accepted by the patient' });
  const two = details.getByRole('listitem').filter({ hasText: 'Filling, not accepted yet' });
  await expect(one.getByText(`Turn ${accepted}`, { exact: true })).toBeVisible();
  await expect(one.getByText('New Turn', { exact: true })).toHaveCount(0);
  await expect(one).toContainText('15:30');
  await expect(two.getByText('New Turn', { exact: true })).toBeVisible();
  await expect(two.getByText(`Turn ${waiting}`, { exact: true })).toHaveCount(0);
  await expect(two).toContainText('09:00');

  for (const id of [accepted, waiting]) {
    expect((await page.request.delete(`/api/turns/delete/${id}`)).status()).toBe(200);
  }
});
