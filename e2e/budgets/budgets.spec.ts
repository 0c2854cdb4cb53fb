import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { dismiss, registerPatient, signedUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInAs, signInRequest } from '../fixtures';

async function createBudget(
  medic: APIRequestContext,
  patientId: number,
  treatmentId: string,
): Promise<number> {
  const res = await medic.post('/api/Budgets', {
    data: { PatientID: patientId, treatments: [{ ID: treatmentId, quantity: 1 }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { ID: number }).ID;
}

/** Chooses a treatment in the searchable picker by its code. */
async function pickTreatment(page: Page, code: string): Promise<void> {
  const treatment = page.getByRole('combobox', { name: 'Treatment' });
  await treatment.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
  await expect(treatment).toHaveValue(new RegExp(`^${code} · `));
}

const budgetRows = (page: Page): Locator => page.getByRole('table', { name: 'Budgets' }).locator('tbody tr');
const firstRow = (page: Page): Locator => budgetRows(page).first();
/** The patient each payment journey signs up as (a document of its own per test). */
const NED = { name: 'Ned', lastName: 'Flanders', birth: '1960-05-05' };

async function searchBudgets(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search by patient name or DNI').fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('the medic builds a budget, finds it first in the list, sorts, filters, searches and marks it paid', async ({
  page,
  request,
}) => {
  // Budget: one list whose order, filters and search are checked on the budget this test builds,
  // so its steps share that budget; 33 s of 30 on 2 busy cores (e2e/slowest-reporter.ts), now 90.
  test.slow();
  await signInRequest(request, 'medic');
  const apu = await registerPatient(request, 'Apu', 'Nahasapeemapetilon');
  await signInAs(page, 'medic');

  await page.goto('/home/addBudget');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Add Budget' })).toBeVisible();
  await expect(page.getByText('No treatments added')).toBeVisible();
  await expectAccessible(page);

  // nothing chosen yet
  await page.getByRole('button', { name: 'Add to budget' }).click();
  await dismiss(page, 'Please select a patient and select a treatment before adding it to the budget');
  await page.getByRole('button', { name: 'Create budget' }).click();
  await dismiss(page, 'Please complete the budget before creating it');

  // one patient only
  const patientSearch = page.getByLabel('Search patient by ID or name');
  await patientSearch.fill('Nahasapeemapetilon');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Select Apu Nahasapeemapetilon' }).click();
  await expect(page.getByText(`DNI ${apu.document}`).first()).toBeVisible();
  await patientSearch.fill('35123456');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Select Lisa Simpson' }).click();
  await dismiss(page, 'You have already selected a patient');

  // lines: the same treatment twice is one line of 2; quantities go up and down; below 1 the line goes
  const addLine = page.getByRole('button', { name: 'Add to budget' });
  await pickTreatment(page, '0101');
  await addLine.click();
  // each line starts empty (no treatment, no tooth), the focus back on the treatment field
  const treatmentField = page.getByRole('combobox', { name: 'Treatment' });
  await expect(treatmentField).toHaveValue('');
  await expect(treatmentField).toBeFocused();
  await expect(page.getByLabel('Tooth (optional)')).toHaveValue('');
  await pickTreatment(page, '0101');
  await addLine.click();
  await pickTreatment(page, '0601');
  await addLine.click();
  const total = page.getByText(/^Total:/);
  await expect(total).toHaveText('Total: ARS 3,840.00');
  await page.getByRole('button', { name: 'Raise quantity of 0601 · Periapical X-ray' }).click();
  await expect(page.getByRole('status', { name: 'Quantity of 0601 · Periapical X-ray' })).toHaveText('2');
  await expect(total).toHaveText('Total: ARS 5,340.00');
  await page.getByRole('button', { name: 'Lower quantity of 0601 · Periapical X-ray' }).click();
  await page.getByRole('button', { name: 'Lower quantity of 0601 · Periapical X-ray' }).click();
  await expect(page.getByRole('cell', { name: 'Periapical X-ray' })).toHaveCount(0);
  await expect(total).toHaveText('Total: ARS 2,340.00');
  await expect(page.getByRole('status', { name: 'Quantity of 0101 · consultation' })).toHaveText('2');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create budget' }).click();
  await expectToast(page, 'Budget created successfully');
  await expect(page).toHaveURL(/\/home\/budget$/);

  // the new budget comes first, newest first
  await expect(firstRow(page)).toContainText('Apu Nahasapeemapetilon');
  await expect(firstRow(page)).toContainText('2,340.00');
  await expect(firstRow(page)).toContainText('Pending');
  await expectAccessible(page);

  // a second, larger budget for Apu, then search by name and sort by amount both ways
  await createBudget(request, apu.id, '0801');
  await searchBudgets(page, 'nahasapeemapetilon');
  await expect(budgetRows(page)).toHaveCount(2);
  await page.getByLabel('Sort by').selectOption('amount_desc');
  await expect(firstRow(page)).toContainText('45,000.00');
  await page.getByLabel('Sort by').selectOption('amount_asc');
  await expect(firstRow(page)).toContainText('2,340.00');
  await page.getByLabel('Sort by').selectOption('date_desc');
  await expect(firstRow(page)).toContainText('45,000.00');
  await page.getByLabel('Sort by').selectOption('date_asc');
  await expect(firstRow(page)).toContainText('2,340.00');

  // by DNI (a part of it), filtered by status
  await searchBudgets(page, apu.document.slice(2));
  await expect(budgetRows(page)).toHaveCount(2);
  await page.getByLabel('Payment status').selectOption('true');
  await expect(page.getByText('Budget Not Found')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Budget Not Found')).toHaveCount(0);
  await expect(page.getByLabel('Search by patient name or DNI')).toHaveValue('');
  await expect(page.getByLabel('Payment status')).toHaveValue('');

  // names sort both ways over every budget, as people read them: blind to accents and case
  const names = async (): Promise<string[]> =>
    (await budgetRows(page).locator('td:first-child').allTextContents()).map((n) =>
      n.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
    );
  for (const [sort, order] of [
    ['name_asc', (n: string[]) => [...n].sort()],
    ['name_desc', (n: string[]) => [...n].sort().reverse()],
  ] as const) {
    await page.getByLabel('Sort by').selectOption(sort);
    await expect(page).toHaveURL(new RegExp(`sort=${sort}`));
    await expect(async () => {
      const shown = await names();
      expect(shown.length).toBeGreaterThan(1);
      expect(shown).toEqual(order(shown));
    }).toPass();
  }

  // the summary of the budget made on screen
  await searchBudgets(page, 'Nahasapeemapetilon');
  await page.getByLabel('Sort by').selectOption('date_asc');
  await expect(firstRow(page)).toContainText('2,340.00');
  await firstRow(page)
    .getByRole('link', { name: /Details/ })
    .click();
  await expect(page).toHaveURL(/\/home\/updateBudget\/\d+$/);
  await expect(page.getByRole('link', { name: 'Back to budgets' })).toHaveAttribute('href', '/home/budget');
  const facts = page.getByRole('definition');
  await expect(facts.nth(0)).toHaveText('Apu');
  await expect(facts.nth(1)).toHaveText('Nahasapeemapetilon');
  await expect(facts.nth(3)).toHaveText(apu.document);
  await expect(facts.nth(4)).toHaveText('1155550808');
  await expect(facts.nth(5)).toHaveText('OSDE');
  await expect(facts.nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(
    page.getByRole('row', { name: '0101 consultation ARS 1,170.00 2 ARS 2,340.00' }),
  ).toBeVisible();
  await expect(page.getByText('Total price: ARS 2,340.00')).toBeVisible();
  await expectAccessible(page);

  // Pending marks it paid after a confirmation
  await page.getByRole('button', { name: /^Pending/ }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Mark this budget as paid?');
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByText('Completed')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pending/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Completed')).toBeVisible();

  await page.getByRole('link', { name: 'Back to budgets' }).click();
  await expect(page).toHaveURL(/\/home\/budget$/);
});

// The patient's payment in two steps, each with a patient of its own (the one-piece journey ran
// 34 s of its 30 on 2 busy cores): what Payments lists, then paying on the demo checkout.
test('Payments lists only the budgets the patient has still to pay', async ({ page, request }) => {
  const { patientID } = await signedUpPatient(page, 'payer', NED, request);
  await page.goto('/home/payments');
  await expect(page.getByText('This patient has no budgets')).toBeVisible();
  await expectAccessible(page);

  // the medic builds two budgets for Ned; one is already paid at the desk
  const budgetId = await createBudget(request, patientID, '0201');
  const paidAtDesk = await createBudget(request, patientID, '0701');
  expect((await request.put('/api/Budgets', { data: { ID: paidAtDesk, paid: true } })).status()).toBe(200);

  // the unpaid one is listed to pay; the one paid at the desk under 'Paid'
  await page.reload();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Budget ${budgetId}` }) });
  await expect(card).toContainText('Total Price');
  await expect(card).toContainText('4,500.00');
  await expect(card).toContainText('Composite filling, one surface');
  await expect(card.getByRole('button', { name: `PAY Budget ${budgetId}` })).toBeVisible();
  const paid = page.getByRole('region', { name: 'Paid' });
  await expect(page.getByRole('heading', { name: `Budget ${paidAtDesk}` })).toHaveCount(1);
  await expect(paid.getByRole('heading', { name: `Budget ${paidAtDesk}` })).toBeVisible();
  await expect(paid.getByRole('heading', { name: `Budget ${budgetId}` })).toHaveCount(0);
  await expectAccessible(page);
});

test('a patient pays a budget on the demo checkout and the medic sees it Completed', async ({
  page,
  request,
}) => {
  test.slow(); // a budget made, the checkout and its return, then the medic signed in to see it: more than 10 s on 2 cores
  const { who, patientID } = await signedUpPatient(page, 'checkout', NED, request);
  const budgetId = await createBudget(request, patientID, '0201');
  const paidAtDesk = await createBudget(request, patientID, '0701');
  expect((await request.put('/api/Budgets', { data: { ID: paidAtDesk, paid: true } })).status()).toBe(200);
  await page.goto('/home/payments');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Budget ${budgetId}` }) });

  // PAY creates the payment link on demand and opens the demo checkout
  await card.getByRole('button', { name: `PAY Budget ${budgetId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/api/payments/demo-checkout/${budgetId}$`));
  await expect(page.getByRole('heading', { name: 'Demo checkout' })).toBeVisible();
  await expect(page.getByText(/^ARS\s4,500\.00$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay ARS 4,500.00' }).click();

  // back on Payments, nothing left to pay
  await expect(page).toHaveURL(/\/home\/payments$/);
  await expect(page.getByText('This patient has no budgets')).toBeVisible();

  // the medic sees it Completed
  await signInAs(page, 'medic');
  await page.goto(`/home/updateBudget/${budgetId}`);
  await expect(page.getByText('Payment status: Completed')).toBeVisible();
  await page.goto('/home/budget');
  await page.getByLabel('Payment status').selectOption('true');
  await searchBudgets(page, who.document);
  await expect(budgetRows(page)).toHaveCount(2);
  await expect(budgetRows(page).filter({ hasText: '4,500.00' })).toContainText('Completed');
});
