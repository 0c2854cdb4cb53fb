import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, expectToast, signInAs } from '../fixtures';
import { dismiss, loginWithForm, newPerson } from './support';

// 'Medical record' at /home/doctor, Medic registration form, in two steps (the one-piece journey
// ran 33 s of its 30 on 2 busy cores): the form's messages, then a registration.
type Group = ReturnType<Page['getByRole']>;

const described = async (group: Group, label: string, msg: string): Promise<void> => {
  await expect(group.getByLabel(label, { exact: true })).toHaveAccessibleDescription(msg);
};

async function openMedicalRecord(
  page: Page,
): Promise<{ personal: Group; specialization: Group; clinic: Group }> {
  await signInAs(page, 'medic');
  await page.goto('/home/clinic-details');
  await page.getByRole('link', { name: 'Register a medic' }).click();
  await expect(page).toHaveURL(/\/home\/doctor$/);
  await expect(page.getByRole('heading', { name: 'Medical record' }).first()).toBeVisible();
  return {
    personal: page.getByRole('group', { name: 'Personal information' }),
    specialization: page.getByRole('group', { name: 'Specialization data' }),
    clinic: page.getByRole('group', { name: 'Clinic information' }),
  };
}

test('the Medical record form shows each missing or wrong field under it, the clinic prefilled', async ({
  page,
}) => {
  test.slow(); // a sign-up, then the form submitted once per missing or wrong field: more than 10 s on 2 cores
  const { personal, specialization, clinic } = await openMedicalRecord(page);
  // the clinic section is the clinic the medic joins, prefilled
  await expect(clinic.getByLabel('Name')).toHaveValue('Demo Clinic');
  await expect(clinic.getByLabel('Hours')).not.toHaveValue('');
  await clinic.getByLabel('Clinic Logo').fill('');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Register medic' }).click();
  await dismiss(page, 'Your form has errors, please check it out.');
  await described(personal, 'Telephone', 'Phone number is required');
  await described(personal, 'Cellphone', 'Cellphone number is required');
  await described(personal, 'Number', 'Adress number is required');
  await described(personal, 'Password', 'Password is required');
  await described(personal, 'Email', 'Email is required');
  await described(specialization, 'Tuition Number', 'Tuition number is required');
  await described(clinic, 'Clinic Logo', 'Logo is required');
  await expectAccessible(page);

  await personal.getByLabel('Document').fill('20.123.456');
  await described(personal, 'Document', 'Just numbers');
  await personal.getByLabel('Document').fill('123456789');
  await described(personal, 'Document', 'Invalid ID');
  await clinic.getByLabel('Email').fill('');
  await described(clinic, 'Email', 'Email is required');
});

test('a signed-in medic registers a medic (an email taken is shown under its field), who signs in to /home at once', async ({
  page,
  baseURL,
}) => {
  const who = newPerson('record');
  const { personal, specialization, clinic } = await openMedicalRecord(page);

  await personal.getByLabel('Document').fill(who.document);
  await personal.getByLabel('Name', { exact: true }).fill('Julius');
  await personal.getByLabel('LastName').fill('Hibbert');
  await personal.getByLabel('Birthday').fill('1961-04-02');
  await personal.getByLabel('Street').fill('Evergreen Terrace');
  await personal.getByLabel('Number').fill('742');
  await personal.getByLabel('City').fill('Springfield');
  await personal.getByLabel('Postal Code').fill('4000');
  await personal.getByLabel('Telephone').fill('011 4555 0199');
  await personal.getByLabel('Cellphone').fill('011 15 5555 0199');
  // an email someone already has: 409, shown under the field
  await personal.getByLabel('Email').fill('patient@clinic.test');
  await personal.getByLabel('Password').fill(who.password);
  await specialization.getByLabel('Title').fill('Dr.');
  await specialization.getByLabel('Specialization').fill('Orthodontics');
  await specialization.getByLabel('Tuition Date').fill('1990-06-01');
  await specialization.getByLabel('Tuition Number').fill('4455');
  await clinic.getByLabel('Clinic Logo').fill(new URL('/logo.png', baseURL).href);
  // registering a medic takes the registering medic's own password
  await page
    .getByRole('group', { name: 'Confirm it is you' })
    .getByLabel('Current password')
    .fill(ACCOUNTS.medic.password);

  await page.getByRole('button', { name: 'Register medic' }).click();
  await dismiss(page, 'This user already exists');
  await described(personal, 'Email', 'This email is already registered');

  await personal.getByLabel('Email').fill(who.email);
  await page.getByRole('button', { name: 'Register medic' }).click();
  await expectToast(page, 'Registered successfully');
  await expect(page).toHaveURL(/\/home\/clinic-details$/);

  // approved at once: the new medic reaches the medic home, not the waiting page
  await page.context().clearCookies();
  await loginWithForm(page, who.email, who.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Clinic info' }).first()).toBeVisible();
});
