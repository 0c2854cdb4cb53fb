import { expect, test } from '@playwright/test';
import { newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInAs } from '../fixtures';
import { workdayAfter } from './support';

// A patient who signed up and has not used the mailed confirmation link asks for a turn: the
// calendar marks the request (in words, so it is in the accessible name too), and the desk's
// "Cancel unconfirmed requests" asks first, saying how many. The cancel itself is answered here
// by a stand-in (the API tests cancel for real): a real one would cancel other tests' requests.
test.describe.configure({ timeout: 120_000 });

for (const { name, viewport, days } of [
  { name: 'laptop, 1440 px', viewport: { width: 1440, height: 900 }, days: 47 },
  { name: 'phone, 360 px', viewport: { width: 360, height: 780 }, days: 48 },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test('an unconfirmed account’s request is marked; Cancel unconfirmed requests asks with the count; the mailed link confirms', async ({
      page,
      browser,
      baseURL,
    }) => {
      const who = newPerson('unconfirmed');
      const patient = await browser.newContext({ baseURL });
      await signUpPatient(patient.request, who, { name: 'Hans', lastName: 'Moleman', birth: '1950-01-01' });
      const signIn = await patient.request.post('/api/login', {
        data: { email: who.email, password: who.password },
      });
      expect(signIn.status()).toBe(200);
      const date = workdayAfter(days);
      const free = (await (await patient.request.get(`/api/turns/free?date=${date}`)).json()) as {
        slots: number[];
      };
      const asked = await patient.request.post('/api/turns', { data: { date, time: free.slots[0] } });
      expect(asked.status(), await asked.text()).toBe(201);
      expect(await asked.json()).toMatchObject({ emailConfirmed: false });
      await patient.close();

      await signInAs(page, 'medic');
      await page.goto('/home/calendar');
      const details = page.getByRole('region', { name: 'Turns details' });
      await details.getByLabel('Date').fill(date);
      const turn = details.getByRole('listitem').filter({ hasText: who.document });
      await expect(turn.getByText('Email not confirmed', { exact: true })).toBeVisible();

      const panel = page.getByRole('region', { name: 'Email not confirmed' });
      await expect(panel).toContainText(/\d+ pending requests? from accounts whose email is not confirmed/);
      await expectAccessible(page);

      // Asked first, with the count; keeping them cancels nothing.
      await panel.getByRole('button', { name: 'Cancel unconfirmed requests' }).click();
      const ask = page.getByRole('alertdialog');
      await expect(ask).toContainText(
        /Cancel \d+ pending requests? from accounts whose email is not confirmed\?/,
      );
      await ask.getByRole('button', { name: 'Keep them' }).click();
      await expect(turn).toBeVisible();

      // Confirmed: the server's answer is shown.
      await page.route('**/api/turns/cancel-unconfirmed', (route) =>
        route.fulfill({ json: { cancelled: 3, IDs: [1, 2, 3] } }),
      );
      await panel.getByRole('button', { name: 'Cancel unconfirmed requests' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Cancel unconfirmed requests' })
        .click();
      await expectToast(page, '3 pending requests cancelled.');

      // The patient opens the mailed link: a page whose button confirms; the mark goes.
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
        to: string;
        body: string;
      }[];
      const path = outbox
        .find((m) => m.to === who.email && m.body.includes('/api/email/confirm?token='))
        ?.body.match(/\/api\/email\/confirm\?token=[^\s"<]+/)?.[0];
      expect(path, 'confirmation link in the mail').toBeTruthy();
      await page.goto(path ?? '');
      await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      await expect(page.getByRole('status')).toHaveText('Your email is confirmed. Thank you.');
      await page.goto('/home/calendar');
      await details.getByLabel('Date').fill(date);
      await expect(turn).toBeVisible();
      await expect(turn.getByText('Email not confirmed', { exact: true })).toHaveCount(0);
    });
  });
}
