import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, toast } from '../fixtures';
import { workdayAfter } from '../turns/support';

// A patient on a phone: 360 px wide, every screen scanned by axe (label in name included).
test.use({ viewport: { width: 360, height: 740 } });

async function waitToastGone(page: Page, text: string): Promise<void> {
  await expectToast(page, text);
  await expect(toast(page, text)).toBeHidden();
}

/** The text the patient reads on the page, never the clinic's '#consult' tag. */
async function expectNoConsultTag(page: Page): Promise<void> {
  expect(await page.locator('body').innerText()).not.toContain('#consult');
}

test('on a phone the portal home leads with booking and its price, the next turn and the balance; paying shows the paid budget and its receipt', async ({
  page,
}, testInfo) => {
  test.slow(); // a booking, a payment on the demo checkout and the receipt, each screen scanned: more than 10 s on 2 cores
  const date = workdayAfter(26 + 28 * testInfo.retry);
  const who = newPerson('phone');
  await signUpPatient(page.request, who, { name: 'Rod', lastName: 'Flanders', birth: '2012-04-04' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  const { price } = (await (await page.request.get('/api/treatments/consultation')).json()) as {
    price: number;
  };
  const cost = `ARS ${price.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  // the home: no turn yet, booking with the consultation's price, nothing to pay
  await page.goto('/home');
  const next = page.getByRole('region', { name: 'Your next turn' });
  await expect(next.getByText('You have no turns ahead.')).toBeVisible();
  const book = page.getByRole('region', { name: 'Book an appointment' });
  await expect(book).toContainText(`A consultation costs ${cost}.`);
  await expect(page.getByRole('region', { name: 'To pay' })).toHaveCount(0);
  await expectAccessible(page);

  // booking from the home: the price again before the request
  await book.getByRole('link', { name: 'Book an appointment' }).click();
  await expect(page).toHaveURL(/\/home\/appointment$/);
  await expect(page.getByText(`A consultation costs ${cost}.`)).toBeVisible();
  await page.getByLabel('Date').fill(date);
  const slots = page.getByRole('group', { name: 'Available turns' });
  await slots.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Request consultation' }).click();
  await waitToastGone(page, 'Consultation turn created!');
  const mine = page.getByRole('region', { name: 'My turns' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Consultation');
  await expectNoConsultTag(page);
  await expectAccessible(page);

  // back home: the turn, what to do about it, and the consultation to pay; no booking of a second
  // consultation (the server would answer 'You already have a consultation turn!')
  await page.goto('/home');
  await expect(next).toContainText('Consultation');
  await expect(next).toContainText('Pay the consultation budget first');
  await expect(book).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book an appointment' })).toHaveCount(0);
  await expect(next.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const balance = page.getByRole('region', { name: 'To pay' });
  await expect(balance).toContainText(cost);
  await expectNoConsultTag(page);
  await expectAccessible(page);

  // Add to calendar: the turn as an iCalendar file
  const downloading = page.waitForEvent('download');
  await next.getByRole('button', { name: 'Add to calendar' }).click();
  const ics = await downloading;
  expect(ics.suggestedFilename()).toBe(`turn-${date}.ics`);
  const text = await readFile(await ics.path(), 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('SUMMARY:Consultation requested by the patient at ');
  expect(text).not.toContain('#consult');

  // Pay: the payments screen, the demo checkout, and back
  await balance.getByRole('link', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/home\/payments$/);
  // the unpaid budget's card fits the phone: the page does not scroll sideways (it was 437 px wide)
  await expect(page.getByRole('button', { name: /^PAY Budget / })).toBeVisible();
  await expect(page.getByText('No paid budgets yet.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: /^PAY Budget / }).click();
  await expect(page).toHaveURL(/\/api\/payments\/demo-checkout\/\d+$/);
  await page.getByRole('button', { name: `Pay ${cost}` }).click();
  await expect(page).toHaveURL(/\/home\/payments$/);

  // nothing left to pay, and the paid budget with its receipt below
  await expect(page.getByText('This patient has no budgets')).toBeVisible();
  const paid = page.getByRole('region', { name: 'Paid' });
  await expect(paid.getByRole('listitem')).toHaveCount(1);
  await expect(paid).toContainText(cost);
  // paid at once: one receipt (once its payments are read), not the same payment's a second time
  await expect(paid.getByText('Loading payments')).toHaveCount(0);
  await expect(paid.getByRole('button', { name: /receipt/i })).toHaveCount(1);
  const receipt = page.waitForEvent('download');
  await paid.getByRole('button', { name: /^Download receipt/ }).click();
  expect((await receipt).suggestedFilename()).toMatch(/\.pdf$/);
  await expectNoConsultTag(page);
  await expectAccessible(page);

  // home again: paid, so the turn is the patient's confirmed one, and nothing is left to pay
  await page.goto('/home');
  await expect(next).toContainText('You confirmed this turn.');
  await expect(page.getByRole('region', { name: 'To pay' })).toHaveCount(0);
  await expectAccessible(page);

  // Cancel from the home
  await next.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel turn' }).click();
  await waitToastGone(page, 'Turn deleted!');
  await expect(next.getByText('You have no turns ahead.')).toBeVisible();
  // with no consultation ahead, booking is offered again
  await expect(book.getByRole('link', { name: 'Book an appointment' })).toBeVisible();
});

test('the portal installs on a phone: a manifest opening on /home, with 192 and 512 px icons, and no service worker', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href as string);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.start_url).toBe('/home');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // no service worker: no API answer with a patient's data is ever kept in a cache
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker?.getRegistrations())?.length ?? 0),
  ).toBe(0);
});
