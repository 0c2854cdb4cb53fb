import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedUpPatient } from '../accounts/support';
import { expectAccessible, signInRequest } from '../fixtures';

// A budget that adds up: three lines with a tooth and a discount, changed once; the patient sees
// every line, pays a 30% deposit on the demo checkout; the medic records the rest at the desk; the
// receipt downloads.
test('a three-line budget with teeth and a discount, edited, paid 30% online and the rest at the desk', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const { patientID } = await signedUpPatient(
    page,
    'money',
    { name: 'Maude', lastName: 'Flanders', birth: '1962-04-04' },
    request,
  );
  expect((await request.put('/api/Clinics', { data: { minDepositPercent: 30 } })).status()).toBe(200);
  try {
    let res = await request.post('/api/Budgets', {
      data: {
        PatientID: patientID,
        treatments: [
          { ID: '0101', quantity: 1 },
          { ID: '0201', quantity: 1, toothID: 16 },
          { ID: '0501', quantity: 1, toothID: 46 },
        ],
        discount: 500,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { ID: budgetId } = (await res.json()) as { ID: number };
    // edited once: two fillings on 16, and a 10% discount instead
    res = await request.put('/api/Budgets', {
      data: {
        ID: budgetId,
        treatments: [
          { ID: '0101', quantity: 1 },
          { ID: '0201', quantity: 2, toothID: 16 },
          { ID: '0501', quantity: 1, toothID: 46 },
        ],
        discountPercent: 10,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    // 1170 + 2 × 4500 + 7800 = 17,970; less 10% = 16,173; 30% deposit = 4,851.90
    expect(await res.json()).toMatchObject({ totalPrice: 16173, discount: 1797, balance: 16173 });

    // the patient sees every line before paying
    await page.goto('/home/payments');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Budget ${budgetId}` }) });
    await expect(card).toContainText('Description');
    const lines = card.getByRole('table', { name: `Treatments of budget ${budgetId}` });
    await expect(lines.getByRole('row', { name: /consultation — 1 ARS 1,170\.00/ })).toBeVisible();
    await expect(
      lines.getByRole('row', { name: /Composite filling, one surface 16 2 ARS 9,000\.00/ }),
    ).toBeVisible();
    await expect(lines.getByRole('row', { name: /Simple extraction 46 1 ARS 7,800\.00/ })).toBeVisible();
    await expect(lines).toContainText('Discount');
    await expectAccessible(page);

    // a 30% deposit on the demo checkout, which lists every line too
    await card.getByRole('button', { name: /^Pay a deposit of ARS 4,851\.90/ }).click();
    await expect(page.getByRole('heading', { name: 'Demo checkout' })).toBeVisible();
    await expect(page.getByText('2 × 0201 Composite filling, one surface (tooth 16)')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay ARS 4,851.90' }).click();
    await expect(page).toHaveURL(/\/home\/payments$/);
    await expect(card).toContainText('Left to pay');
    await expect(card).toContainText('ARS 11,321.10');

    // the medic records the rest at the desk
    const context = await browser.newContext({ baseURL });
    const medic = await context.newPage();
    await signInRequest(medic.request, 'medic');
    await medic.goto(`/home/updateBudget/${budgetId}`);
    // the summary's status says what the list and the Payments block say, not 'Pending'
    const status = medic.getByText(/^Payment status:/);
    await expect(status).toContainText('Partly paid');
    await expect(status).not.toContainText('Pending');
    await expect(status.getByRole('button', { name: 'Mark as paid' })).toBeVisible();
    const record = medic.getByRole('form', { name: 'Record a payment' });
    await expect(record.getByLabel('Amount')).toHaveValue('11321.1');
    await record.getByLabel('Method').selectOption('card');
    await expectAccessible(medic);
    await record.getByRole('button', { name: 'Record a payment' }).click();
    await medic.getByRole('alertdialog').getByRole('button', { name: 'Record a payment' }).click();
    await expect(medic.getByText('Completed')).toBeVisible();
    const payments = medic.getByRole('table', { name: `Payments and refunds of budget ${budgetId}` });
    await expect(payments.getByRole('row')).toHaveCount(3);
    await expect(payments).toContainText('Online');
    await expect(payments).toContainText('Card');
    await expectAccessible(medic);
    await context.close();

    // paid: the patient's receipt downloads
    await page.reload();
    const paid = page
      .getByRole('region', { name: 'Paid' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Budget ${budgetId}` }) });
    const downloading = page.waitForEvent('download');
    await paid.getByRole('button', { name: /^Download receipt/ }).click();
    const receipt = await downloading;
    const bytes = await readFile(await receipt.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await request.put('/api/Clinics', { data: { minDepositPercent: 100 } });
  }
});
