import { expect, test } from '@playwright/test';
import { expectAccessible, expectSameDocument, markDocument, signInAs } from '../fixtures';

const MEDIC_LINKS: [label: string, path: string][] = [
  ['Calendar', '/home/calendar'],
  ['Register Patient', '/home/register'],
  ['Budgets', '/home/budget'],
  ['Add Budget', '/home/addBudget'],
  ['Clinic info', '/home/clinic-details'],
  ['Update My Info', '/home/updateMedic'],
  ['Treatments Info', '/home/infoTreatments'],
  ['Home', '/home'],
];

const PATIENT_LINKS: [label: string, path: string][] = [
  ['My data', '/home/data'],
  ['Update my data', '/home/dataUpdate'],
  ['medical appointment request', '/home/appointment'],
  ['Clinic history', '/home/PatientCH'],
  ['Home', '/home'],
];

const SIDEBARS = [
  { role: 'medic', links: MEDIC_LINKS, absent: 'My data' },
  { role: 'patient', links: PATIENT_LINKS, absent: 'Register Patient' },
] as const;

for (const { role, links, absent } of SIDEBARS) {
  test(`every ${role} sidebar link loads its remote without a full page reload`, async ({ page }) => {
    await signInAs(page, role);
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Sign out', exact: true })).toBeVisible();
    // the route set is chosen by user type: the other kind's links are not there
    await expect(sidebar.getByRole('link', { name: absent })).toHaveCount(0);
    await markDocument(page);
    for (const [label, path] of links) {
      await sidebar.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expect(page.getByText('This area could not be loaded')).toHaveCount(0);
    }
    await expectSameDocument(page);
    await expectAccessible(page);
  });
}

test('the header Payments button leads to /home/payments', async ({ page }) => {
  await signInAs(page, 'patient');
  await page.goto('/home');
  await page
    .getByRole('button', { name: 'Payments' })
    .or(page.getByRole('link', { name: 'Payments' }))
    .click();
  await expect(page).toHaveURL('/home/payments');
});

test('Sign out ends the session and returns to the login page', async ({ page }) => {
  await signInAs(page, 'medic');
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/home');
  await expect(page).toHaveURL('/');
});
