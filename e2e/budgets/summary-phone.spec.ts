import { expect, test } from '@playwright/test';
import { signedUpPatient } from '../accounts/support';
import { expectAccessible, signInRequest } from '../fixtures';

const ROD = { name: 'Rod', lastName: 'Flanders', birth: '1990-03-03' };

// The medic's budget summary after a whole cash payment was refunded: Refunded beside Paid, and the
// payments table a stack of cards on a phone (no sideways scroll), still a table at 1440.
test('the budget summary shows what was refunded, and its payments fit 360 px', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const { patientID } = await signedUpPatient(page, 'sumphone', ROD, request);
  let res = await request.post('/api/Budgets', {
    data: { PatientID: patientID, treatments: [{ ID: '0201', quantity: 1 }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { ID: budgetId } = (await res.json()) as { ID: number };
  res = await request.post(`/api/Budgets/${budgetId}/payments`, { data: { amount: 1000, method: 'cash' } });
  expect(res.status(), await res.text()).toBe(201);
  const { payments } = (await res.json()) as { payments: { ID: number }[] };
  res = await request.post(`/api/Budgets/${budgetId}/refunds`, {
    data: { paymentId: payments[0]?.ID, amount: 1000, reason: 'Treatment postponed', to: 'card' },
  });
  expect(res.status(), await res.text()).toBe(201);

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const medic = await context.newPage();
  await signInRequest(medic.request, 'medic');
  await medic.goto(`/home/updateBudget/${budgetId}`);
  const panel = medic.getByRole('region', { name: 'Payments' });
  await expect(panel).toContainText(
    'Paid: ARS 1,000.00 · Refunded: ARS 1,000.00 · Left to pay: ARS 3,500.00',
  );
  const table = medic.getByRole('table', { name: `Payments and refunds of budget ${budgetId}` });
  await expect(table).toContainText('Treatment postponed');
  expect(await medic.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await table.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  // each payment is a card of 'Amount: …' lines; the column headers stay for screen readers only
  await expect(table.getByRole('columnheader', { name: 'Amount' })).not.toBeInViewport();
  await expectAccessible(medic);

  await medic.setViewportSize({ width: 1440, height: 900 });
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  expect(await medic.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await context.close();
});

// An expired quote: the patient's Payments says so instead of PAY, and the server refuses the link.
test("an expired quote shows that it expired instead of PAY in the patient's Payments", async ({
  page,
  request,
}) => {
  const { patientID } = await signedUpPatient(page, 'expired', ROD, request);
  const res = await request.post('/api/Budgets', {
    data: { PatientID: patientID, treatments: [{ ID: '0101', quantity: 1 }], validUntil: '2020-01-02' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { ID: budgetId } = (await res.json()) as { ID: number };
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/home/payments');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Budget ${budgetId}` }) });
  await expect(card).toContainText('This quote expired on 01/02/2020; ask the clinic for a new one.');
  await expect(card.getByRole('button', { name: /PAY/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /PAY/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Download quote/ })).toBeVisible();
  await expectAccessible(page);
  const link = await page.request.post('/api/payments/create_preference', { data: { ID: budgetId } });
  expect(link.status()).toBe(409);
});
