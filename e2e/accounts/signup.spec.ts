import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectToast } from '../fixtures';
import { closesByItself, dismiss, loginWithForm, newPerson } from './support';

async function fillPerson(
  page: Page,
  who: { email: string; password: string; document: string },
): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill('Edna');
  await page.getByLabel('Lastname').fill('Krabappel');
  await page.getByLabel('ID').fill(who.document);
  await page.getByLabel('Birth date').fill('1980-04-01');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
}

test.describe('sign-up', () => {
  test('every field shows its SPEC message and nothing is sent while errors exist', async ({ page }) => {
    await page.goto('/SignUp');
    await expect(page.getByRole('radio', { name: 'Patient' })).toBeChecked();
    // every field is required, and each one is marked so
    await expect(page.locator('form').getByTitle('Required')).toHaveCount(8);
    await expect(page.getByLabel('ID')).toHaveAttribute('required', '');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await dismiss(page, 'All fields must be completed correctly');
    for (const msg of [
      'Email is required',
      'Password is required',
      'Confirm password',
      'Name is required',
      'Lastname is required',
      'ID is required',
      'Birth date is required',
      'Medical insurance is required',
    ]) {
      await expect(page.locator('[id$="-error"]').filter({ hasText: msg }).first()).toBeVisible();
    }
    await page.getByLabel('Name', { exact: true }).fill('Edna2');
    await expect(page.getByText('Name is invalid')).toBeVisible();
    await page.getByLabel('ID').fill('123');
    await expect(page.getByText('ID is invalid')).toBeVisible();
    // a document has at least 7 digits; 9 are fine
    await page.getByLabel('ID').fill('123456789');
    await expect(page.getByText('ID is invalid')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('Welcome2026');
    await page.getByLabel('Confirm password').fill('Welcome2027');
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('radio', { name: 'Medic' }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await dismiss(page, 'All fields must be completed correctly');
    await expect(page.getByText('Tuition number is required')).toBeVisible();
  });

  for (const width of [360, 1440]) {
    test(`a patient signs up with a 9-digit document and "OSDE 310", and lands signed in on the portal home (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const person = newPerson('patient');
      const who = { ...person, document: `${person.document}9` };
      await page.goto('/SignUp');
      await fillPerson(page, who);
      // the insurance is written as on the card, and the field says so
      await expect(page.getByLabel('Medical insurance')).toHaveAccessibleDescription(MSG.insuranceHint);
      await page.getByLabel('Medical insurance').fill('OSDE 310');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expectToast(page, 'Registered successfully');
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('Welcome, Edna Krabappel')).toBeVisible();
      await expect(page.getByRole('link', { name: 'My data' }).first()).toBeVisible();
      await expectAccessible(page);
      // the session is a real one: signed out, the same credentials sign in again
      await page.context().clearCookies();
      await loginWithForm(page, who.email, who.password);
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  test('signing up twice with one email says This user already exists', async ({ browser }) => {
    const who = newPerson('twice');
    for (const attempt of [1, 2]) {
      // each attempt in a browser of its own: the first one ends signed in
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/SignUp');
      await fillPerson(page, {
        ...who,
        document: attempt === 1 ? who.document : `7${who.document.slice(1)}`,
      });
      await page.getByLabel('Medical insurance').fill(attempt === 1 ? 'none' : '1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      if (attempt === 1) await expect(page).toHaveURL(/\/home$/);
      else await expect(page.getByRole('dialog')).toContainText('This user already exists');
      await context.close();
    }
  });

  test('a medic signs up and, until approved, signs in to the waiting page', async ({ page }) => {
    const who = newPerson('medic');
    await page.goto('/SignUp');
    await page.getByRole('radio', { name: 'Medic' }).check();
    await fillPerson(page, who);
    await page.getByLabel('Tuition number').fill('8899');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // a success like any other: it closes by itself after 1500 ms
    await closesByItself(page, 'Registered successfully');
    await expect(page).toHaveURL(/\/$/);
    await loginWithForm(page, who.email, who.password);
    await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await expect(page.getByText('waiting for approval by a medic of the clinic')).toBeVisible();
    await expectAccessible(page);
  });
});
