import { MSG } from '@clinic/worker/contract';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible, expectToast } from '../fixtures';
import { approvedMedic } from './support';

/** The code an authenticator app shows `steps` steps of 30 s from now, by the server's library. */
const codeOf = (secret: string, steps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

// A medic sets up a second factor on Update My Info by reading the secret from the page, signs out,
// signs in with a code, and ends a session opened in another browser from the Sessions list.
test('a medic enrols, signs in with a code, signs out another session and turns the factor off', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow(); // sign-up, approval, enrolment, two sign-ins and four axe checks in one story
  // A fresh medic, approved by the demo medic (the demo medic keeps signing in without a code).
  const anonymous = await playwright.request.newContext({ baseURL });
  const demo = await playwright.request.newContext({ baseURL });
  const who = await approvedMedic(anonymous, demo, 'totp');
  await demo.dispose();
  await anonymous.dispose();

  // Enrolment, from the keyboard.
  await page.goto('/');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/home/updateMedic');
  const factor = page.getByRole('region', { name: 'Second factor' });
  await factor.getByRole('button', { name: 'Set up a second factor' }).focus();
  await page.keyboard.press('Enter');
  await expect(factor.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await factor.locator('[data-secret]').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await factor.getByLabel('Code').fill(codeOf(secret));
  await factor.getByLabel('Current Password').fill(who.password);
  await factor.getByLabel('Current Password').press('Enter');
  const codes = factor.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())?.trim() ?? '';
  const spare = (await codes.nth(1).textContent())?.trim() ?? '';
  await expectAccessible(page);
  await factor.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(factor.getByText(/Recovery codes left: 10/)).toBeVisible();

  // Another browser signs in with a recovery code (the TOTP code of this step is used already).
  const other = await playwright.request.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0',
  });
  const otherLogin = await other.post('/api/login', {
    data: { email: who.email, password: who.password, code: recovery },
  });
  expect(otherLogin.status(), await otherLogin.text()).toBe(200);

  // Sign out, then in again: the password alone is not enough.
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = page.getByLabel('Code');
  await expect(code).toBeFocused();
  await expectAccessible(page);
  // The next step's code (one step of drift): the enrolment took this step's.
  await code.fill(codeOf(secret, 1));
  await code.press('Enter');
  await expect(page).toHaveURL(/\/home/);

  // Sessions: this one and the other browser's; 'Sign out' ends the other.
  await page.goto('/home/updateMedic');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(sessions.getByRole('row', { name: /Firefox on Windows/ })).toBeVisible();
  await expect(sessions.getByText('This session')).toBeVisible();
  await expect(sessions.getByRole('cell', { name: 'this computer' })).toHaveCount(2);
  await expectAccessible(page);
  await sessions.getByRole('button', { name: /Sign out Firefox on Windows/ }).focus();
  await page.keyboard.press('Enter');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  expect((await other.get('/api/me')).status()).toBe(401);
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await other.dispose();

  // Turning it off: a wrong code is refused under its field and nothing changes; a recovery code
  // with the password turns it off, and the section offers to set one up again.
  await factor.getByLabel('Current Password').fill(who.password);
  await factor.getByLabel('Code').fill('000000');
  await factor.getByRole('button', { name: 'Turn off the second factor' }).click();
  await expect(factor.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(factor.getByLabel('Current Password')).toHaveValue(who.password);
  await factor.getByLabel('Code').fill(spare);
  await expect(factor.getByLabel('Code')).not.toHaveAttribute('aria-invalid', 'true');
  await factor.getByRole('button', { name: 'Turn off the second factor' }).click();
  await expectToast(page, MSG.secondFactorOff);
  await expect(factor.getByRole('button', { name: 'Set up a second factor' })).toBeVisible();
  await expectAccessible(page);
});
