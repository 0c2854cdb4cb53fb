import { demoClinicSection } from '@clinic/worker/demo';
import { type APIRequest, type APIRequestContext, expect, type Page } from '@playwright/test';
import { ACCOUNTS, expectToast, signInRequest, toast } from '../fixtures';

let n = 0;
/** A fresh person for each sign-up, unique across runs on the same state folder. */
export function newPerson(prefix: string): { email: string; password: string; document: string } {
  n += 1;
  // always 8 digits (a valid document is 1000000–99999999), whatever the clock says
  const stamp = `${String(Date.now() % 1_000_000).padStart(6, '0')}${n % 10}`;
  return {
    email: `${prefix}${stamp}${n}@clinic.test`,
    password: 'Welcome2026',
    document: `5${stamp}`,
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

/** Waits for the success toast showing `text` to close by itself (after 1500 ms), untouched. */
export async function closesByItself(page: Page, text: string): Promise<void> {
  await expectToast(page, text);
  await expect(toast(page, text)).toBeHidden();
}

/** A complete 'Medical record' body for POST /api/medics, for a fresh person. */
export function medicRecordOf(
  who: { email: string; password: string; document: string },
  logo: string,
): Record<string, unknown> {
  return {
    infoUser: {
      document: who.document,
      name: 'Julius',
      lastName: 'Hibbert',
      birth: '1961-04-02',
      street: 'Evergreen Terrace',
      number: '742',
      city: 'Springfield',
      postalCode: '4000',
      telephone: '011 4555 0199',
      cellphone: '011 15 5555 0199',
      email: who.email,
      password: who.password,
    },
    infoMedic: {
      title: 'Dr.',
      specialization: 'Orthodontics',
      tuition_date: '1990-06-01',
      tuition_number: '4455',
    },
    // The demo clinic as it is (the seed's data): the record leaves the clinic unchanged.
    infoClinic: demoClinicSection(logo),
    ClinicID: 1,
    // The demo medic registers: registering a medic takes the registering medic's own password.
    currentPassword: ACCOUNTS.medic.password,
  };
}

/** A patient signs up on their own (POST /api/patients without a session, Sign-up). */
export async function signUpPatient(
  request: APIRequestContext,
  who: { email: string; password: string; document: string },
  person: { name: string; lastName: string; birth: string },
): Promise<void> {
  const res = await request.post('/api/patients', {
    data: {
      infoUser: {
        email: who.email,
        password: who.password,
        confirmPassword: who.password,
        ...person,
        document: who.document,
      },
      infoPatient: { obraSocial: '7' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * A patient of the calling test's own signs up and signs in on `page` (its session cookie); with
 * `medic`, the demo medic signs in on that request context too. Answers who it is and its patient ID.
 */
export async function signedUpPatient(
  page: Page,
  prefix: string,
  person: { name: string; lastName: string; birth: string },
  medic?: APIRequestContext,
): Promise<{ who: { email: string; password: string; document: string }; patientID: number }> {
  const who = newPerson(prefix);
  await signUpPatient(page.request, who, person);
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  const { patientID } = (await (await page.request.get('/api/me')).json()) as { patientID: number };
  if (medic) await signInRequest(medic, 'medic');
  return { who, patientID };
}

/** A patient of the calling test's own, registered by the medic, so other tests' data never meets it. */
export async function registerPatient(
  medic: APIRequestContext,
  name: string,
  lastName: string,
  { birth = '1970-06-15' }: { birth?: string } = {},
): Promise<{ id: number; document: string; email: string }> {
  const who = newPerson(name.toLowerCase());
  const res = await medic.post('/api/patients', {
    data: {
      infoUser: {
        name,
        lastName,
        document: who.document,
        email: who.email,
        city: 'Springfield',
        street: 'Kwik-E-Mart',
        number: '12',
        postalCode: '1001',
        cellphone: '1155550808',
        telephone: '1145550808',
        birth,
      },
      infoPatient: { medicalService: 'OSDE' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { ID: number }).ID, document: who.document, email: who.email };
}

/**
 * A medic who signs up on their own (`signUp`: a context with no session) and is approved by the
 * demo medic (`approver`, signed in here): answers their credentials.
 */
export async function approvedMedic(
  signUp: APIRequestContext,
  approver: APIRequestContext,
  prefix: string,
): Promise<{ email: string; password: string; document: string }> {
  const who = newPerson(prefix);
  const res = await signUp.post('/api/medics', {
    data: {
      infoUser: {
        email: who.email,
        password: who.password,
        confirmPassword: who.password,
        name: 'Julius',
        lastName: 'Hibbert',
        document: who.document,
        birth: '1961-04-02',
      },
      infoMedic: { tuition_number: '4242' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInRequest(approver, 'medic');
  const pending = (await (await approver.get('/api/medics/pending')).json()) as {
    medicID: number;
    email: string;
  }[];
  const medic = pending.find((m) => m.email === who.email);
  expect(medic, `${who.email} waits for approval`).toBeDefined();
  const approved = await approver.put(`/api/medics/${medic?.medicID}/approve`, {
    data: { currentPassword: ACCOUNTS.medic.password },
  });
  expect(approved.status()).toBe(200);
  return who;
}

/**
 * Another approved medic of the clinic (a desk, a second dentist), made through two request
 * contexts of its own (`request`: the test's `playwright.request`) that are closed again.
 */
export async function newApprovedMedic(
  request: APIRequest,
  baseURL: string | undefined,
  prefix: string,
): Promise<{ email: string; password: string; document: string }> {
  const signUp = await request.newContext({ baseURL });
  const approver = await request.newContext({ baseURL });
  try {
    return await approvedMedic(signUp, approver, prefix);
  } finally {
    await signUp.dispose();
    await approver.dispose();
  }
}
