import { expect, test } from '@playwright/test';
import { signedUpPatient } from '../accounts/support';
import { expectAccessible, signInRequest } from '../fixtures';

// A budget keeps the currency it was made in when the clinic changes its own, and a patient's
// credit (a refund kept for the next budget) shows in the portal and pays, on the desk's Use
// credit, a budget made before it. Each test has its own patient, at 1440 and 360 px.

for (const width of [1440, 360]) {
  const tag = width > 640 ? 'Laptop' : 'Phone';

  test(`the desk uses a patient's credit on a budget made before it; the portal shows the credit (${tag})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const { patientID: patientId } = await signedUpPatient(page, `usecredit${tag.toLowerCase()}`, {
      name: 'Agnes',
      lastName: `UseCredit${tag}`,
      birth: '1950-03-03',
    });
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const medic = await context.newPage();
    await signInRequest(medic.request, 'medic');
    const make = async (ID: string) => {
      const res = await medic.request.post('/api/Budgets', {
        data: { PatientID: patientId, treatments: [{ ID, quantity: 1 }] },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { ID: number };
    };
    // a budget made first; then another paid in cash, 1,000 of it refunded as a credit
    const earlier = await make('0201');
    const paid = await make('0101');
    const pay = await medic.request.post(`/api/Budgets/${paid.ID}/payments`, { data: { method: 'cash' } });
    expect(pay.status(), await pay.text()).toBe(201);
    const payment = ((await pay.json()) as { payments: { ID: number }[] }).payments[0];
    const refund = await medic.request.post(`/api/Budgets/${paid.ID}/refunds`, {
      data: { paymentId: payment?.ID, amount: 1000, reason: 'Kept for later', to: 'credit' },
    });
    expect(refund.status(), await refund.text()).toBe(201);

    // the portal says so, on Payments and at home
    await page.goto('/home/payments');
    await expect(page.getByRole('note').filter({ hasText: 'Credit:' })).toContainText('Credit: ARS 1,000.00');
    await expectAccessible(page);
    await page.goto('/home');
    await expect(page.getByRole('note').filter({ hasText: 'Credit:' })).toContainText('Credit: ARS 1,000.00');

    // the desk applies it to the budget made before it
    await medic.goto(`/home/updateBudget/${earlier.ID}`);
    await expect(medic.locator('p').filter({ hasText: /^Paid:/ })).toContainText(
      "Patient's credit: ARS 1,000.00",
    );
    await expectAccessible(medic);
    await medic.getByRole('button', { name: 'Use credit' }).click();
    const ask = medic.getByRole('alertdialog');
    await expect(ask).toContainText('ARS 1,000.00');
    await ask.getByRole('button', { name: 'Use credit' }).click();
    await expect(medic.getByRole('button', { name: 'Use credit' })).toHaveCount(0);
    await expect(medic.locator('p').filter({ hasText: /^Paid:/ })).toContainText('ARS 1,000.00');
    await expect(medic.locator('p').filter({ hasText: /^Paid:/ })).toContainText('ARS 3,500.00');
    // the cell's text (on a phone its name also carries the stacked column's label)
    await expect(medic.getByRole('cell').filter({ hasText: /^Credit$/ })).toBeVisible();
    await context.close();

    // spent: the portal shows the budget partly paid and no credit
    await page.goto('/home/payments');
    const card = page.getByRole('listitem').filter({ hasText: `Budget ${earlier.ID}` });
    await expect(card).toContainText('ARS 3,500.00');
    await expect(page.getByRole('note').filter({ hasText: 'Credit:' })).toHaveCount(0);
  });
}

test("a budget made in ARS still reads ARS on its summary and the list after the clinic's currency becomes USD", async ({
  page,
  request,
}) => {
  test.slow();
  await signInRequest(request, 'medic');
  await signInRequest(page.request, 'medic');
  const made = await request.post('/api/Budgets', {
    data: { PatientID: 1, treatments: [{ ID: '0101', quantity: 1 }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { ID } = (await made.json()) as { ID: number };
  const currency = (code: string) => request.put('/api/Clinics', { data: { currency: code } });
  expect((await currency('USD')).status()).toBe(200);
  try {
    await page.goto(`/home/updateBudget/${ID}`);
    await expect(page.getByText('Total price:')).toContainText('ARS 1,170.00');
    await expect(page.getByText('Total price:')).not.toContainText('$');
    // the list, newest first: its first row is this budget
    await page.goto('/home/budget');
    const first = page.getByRole('row').nth(1);
    await expect(first).toContainText('ARS 1,170.00');
    await expect(first).not.toContainText('$');
    await expectAccessible(page);
  } finally {
    expect((await currency('ARS')).status()).toBe(200);
  }
});
