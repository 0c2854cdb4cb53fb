import { expect, test } from '@playwright/test';
import { newApprovedMedic } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';

// The desk offers a free start by hand in another dentist's book: the form's Medic field lists the
// clinic's medics, the signed-in one first chosen, and the offer names the medic picked.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1440, height: 900 } });

test("Offer a free start takes the medic whose book the start is in, the signed-in medic's by default", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const other = await newApprovedMedic(playwright.request, baseURL, 'offer');

  await signInAs(page, 'medic');
  const me = ((await (await page.request.get('/api/me')).json()) as { medicID: number }).medicID;
  const medics = (await (await page.request.get('/api/medics')).json()) as { ID: number; email: string }[];
  const otherId = medics.find((m) => m.email === other.email)?.ID;
  expect(otherId, `${other.email} is one of the clinic's medics`).toBeDefined();

  await page.goto('/home/waitlistDesk');
  const offer = page.getByRole('region', { name: 'Offer a free start' });
  const medic = offer.getByLabel('Medic');
  await expect(medic).toHaveValue(String(me), { timeout: 30_000 });
  await expect(medic.locator('option:checked')).toHaveText(/\(you\)$/);
  await expectAccessible(page);

  // The start is in the other dentist's book.
  await medic.selectOption(String(otherId));
  await offer.getByLabel('Date').fill(workdayAfter(75 + 7 * testInfo.retry));
  await offer.getByLabel('Time').fill('12:30');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/waitlist/offer'));
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/waitlist/offer'),
  );
  await offer.getByRole('button', { name: 'Offer to the waitlist' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ MedicID: otherId, time: 12.5, duration: 0.5 });
  const res = await answered;
  expect(res.status(), await res.text()).toBe(201);
  await expectToast(page, 'Offered to');
});
