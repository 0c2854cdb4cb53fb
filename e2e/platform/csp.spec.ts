import { expect, type Page, test } from '@playwright/test';
import { newPerson, signUpPatient } from '../accounts/support';
import { answeredHistory, signInAs } from '../fixtures';

// worker/src/lib/app-page.ts: the pages' Content-Security-Policy allows this origin (and the origins the
// remote registry points at) for scripts, styles and connections, images also from data: and blob:
// URLs. Every route of both roles, and the public pages, must load without the browser refusing
// anything under it.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports, from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) console.push(msg.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  return console;
}

async function visit(page: Page, path: string, found: string[]): Promise<void> {
  await page.goto(path);
  // Soft: a page the policy broke still has its violations listed below.
  await expect.soft(page.getByRole('heading').first()).toBeVisible();
  // The screen's data has arrived (nothing is still loading) before the page is read.
  await expect.soft(page.getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  found.push(...violations.map((v) => `${path}: ${v}`));
}

test('the pages carry a real CSP: this origin for scripts and connections, images also from data: and blob:', async ({
  page,
}) => {
  const res = await page.goto('/');
  const csp = res?.headers()['content-security-policy'] ?? '';
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});

test('the public pages log no CSP violation', async ({ page }) => {
  const consoleLines = await watchCsp(page);
  const found: string[] = [];
  for (const path of ['/', '/SignUp', '/PasswordReset', '/newPassword']) await visit(page, path, found);
  expect([...found, ...consoleLines]).toEqual([]);
});

test("every medic route logs no CSP violation, the patient's pages and a budget included", async ({
  page,
}) => {
  test.slow(); // a walk through every medic route, a patient's pages and a budget included: more than 10 s on 2 cores
  await signInAs(page, 'medic');
  const patients = await page.request.get('/api/patients?limit=1');
  const [patient] = (await patients.json()) as { Patient: { ID: number } }[];
  expect(patient).toBeTruthy();
  const id = patient?.Patient.ID;
  const treatments = (await (await page.request.get('/api/treatments?limit=1')).json()) as { ID: string }[];
  const created = await page.request.post('/api/Budgets', {
    data: { PatientID: id, treatments: [{ ID: treatments[0]?.ID, quantity: 1 }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const budget = ((await created.json()) as { ID: number }).ID;

  const consoleLines = await watchCsp(page);
  const found: string[] = [];
  for (const path of [
    '/home',
    '/home/register',
    `/home/${id}`,
    `/home/addEvolution/${id}`,
    `/home/studies/${id}`,
    `/home/updatePatient/${id}`,
    '/home/calendar',
    '/home/budget',
    '/home/payments',
    '/home/addBudget',
    `/home/updateBudget/${budget}`,
    '/home/clinic-details',
    '/home/clinic-details/update-data',
    '/home/updateMedic',
    '/home/infoTreatments',
    '/home/doctor',
    '/home/changePassword',
  ]) {
    await visit(page, path, found);
  }
  // A dialog (focus lock and scroll lock included) opens under the policy too.
  await page.getByLabel('Current Password').fill('Medic2026');
  await page.getByLabel('New Password').fill('Another2026');
  await page.getByLabel('Confirm Password').fill('Different2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog')).toContainText('The new passwords does not match');
  found.push(...(await page.evaluate(() => window.__cspViolations ?? [])).map((v) => `dialog: ${v}`));
  expect([...found, ...consoleLines]).toEqual([]);
});

test('every patient route logs no CSP violation, the PDF preview of the history (a blob: frame) included', async ({
  page,
}) => {
  test.slow(); // a walk through every patient route, the PDF preview included: more than 10 s on 2 cores
  // A patient of this test's own, with a clinical history, so the PDF page has a preview to frame.
  const who = newPerson('csp');
  await signUpPatient(page.request, who, { name: 'Rod', lastName: 'Flanders', birth: '2012-04-04' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  const { patientID } = (await (await page.request.get('/api/me')).json()) as { patientID: number };
  const history = await page.request.post('/api/clinicalhistories', {
    data: answeredHistory(patientID),
  });
  expect(history.status(), await history.text()).toBe(201);

  const consoleLines = await watchCsp(page);
  const found: string[] = [];
  for (const path of [
    '/home',
    '/home/data',
    '/home/dataUpdate',
    '/home/appointment',
    '/home/payments',
    '/home/PatientCH',
    '/home/evolutionsNStudies',
    '/home/updatePassword',
    '/home/accessLog',
    '/home/PatientCH/PatientCHPdf',
  ]) {
    await visit(page, path, found);
  }
  await expect(page.locator('iframe[src^="blob:"]')).toBeAttached();
  found.push(...(await page.evaluate(() => window.__cspViolations ?? [])).map((v) => `PDF: ${v}`));
  expect([...found, ...consoleLines]).toEqual([]);
});
