import { expect, type Page } from '@playwright/test';

let n = 0;
/** A fresh person for each sign-up, unique across runs on the same state folder. */
export function newPerson(prefix: string): { email: string; password: string; document: string } {
  n += 1;
  const stamp = `${Date.now() % 1_000_000}${n}`;
  return {
    email: `${prefix}${stamp}@clinic.test`,
    password: 'Welcome2026',
    document: `6${stamp}`.slice(0, 8),
  };
}

/** Signs in through the login form and waits for the home area. */
export async function loginWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home/);
}

/** Closes the pop-up showing `text` with its OK button. */
export async function dismiss(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}
