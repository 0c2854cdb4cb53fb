import { readFile } from 'node:fs/promises';
import { DEMO_CLINIC } from '@clinic/worker/demo';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { newPerson, signUpPatient } from '../accounts/support';
import { expectAccessible, signInRequest } from '../fixtures';

/** A downloaded PDF's text, read back with unpdf. */
async function pdfText(download: Download): Promise<string> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  // one space for any run of spaces (money is written with a no-break space)
  return text.replace(/\s+/g, ' ');
}

/** Clicks a button and answers the PDF it saves. */
async function downloadFrom(page: Page, click: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await click();
  return downloading;
}

/** A patient with an account (their own sign-up), and a three-line budget for them by the medic. */
async function quotedBudget(request: APIRequestContext, page: Page, tag: string) {
  const who = newPerson(`quote${tag}`);
  await signUpPatient(page.request, who, { name: 'Ned', lastName: `Quote${tag}`, birth: '1960-01-01' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);
  const { patientID } = (await (await page.request.get('/api/me')).json()) as { patientID: number };
  await signInRequest(request, 'medic');
  const res = await request.post('/api/Budgets', {
    data: {
      PatientID: patientID,
      treatments: [
        { ID: '0101', quantity: 1 },
        { ID: '0201', quantity: 2, toothID: 16 },
        { ID: '0501', quantity: 1, toothID: 46 },
      ],
      discountPercent: 10,
      validUntil: '2030-01-31',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { ID } = (await res.json()) as { ID: number };
  return { budgetId: ID, email: who.email };
}

for (const width of [1440, 360]) {
  const tag = width > 640 ? 'Laptop' : 'Phone';
  // A quote to hand over: downloaded by the medic and the patient (its text read back), mailed with
  // the PDF attached; then each payment's receipt downloads from the summary.
  test(`a budget quoted as a PDF, mailed, and a receipt per payment (${tag})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const { budgetId, email } = await quotedBudget(request, page, tag);

    // the patient downloads the quote from the payments card
    await page.goto('/home/payments');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Budget ${budgetId}` }) });
    await expectAccessible(page);
    const ownQuote = await pdfText(
      await downloadFrom(page, () =>
        card.getByRole('button', { name: `Download quote of budget ${budgetId}` }).click(),
      ),
    );
    expect(ownQuote).toContain(`Quote ${budgetId}`);
    expect(ownQuote).toContain('(tooth 16)');

    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const medic = await context.newPage();
    await signInRequest(medic.request, 'medic');
    await medic.goto(`/home/updateBudget/${budgetId}`);
    await expect(medic.getByRole('button', { name: 'Download quote' })).toBeVisible();
    await expectAccessible(medic);
    const quote = await pdfText(
      await downloadFrom(medic, () => medic.getByRole('button', { name: 'Download quote' }).click()),
    );
    // 1170 + 2 × 4500 + 7800 = 17,970; less 10% = 16,173
    for (const part of [
      DEMO_CLINIC.name,
      `Quote ${budgetId}`,
      `Quote${tag}`,
      '0101',
      '0201 Composite filling, one surface (tooth 16)',
      '2 × ARS 4,500.00 = ARS 9,000.00',
      '0501 Simple extraction (tooth 46)',
      'Discount',
      '-ARS 1,797.00',
      'ARS 16,173.00',
      'Valid until',
      'How to pay',
    ]) {
      expect(quote).toContain(part);
    }

    // sent by mail: the outbox holds the PDF and the link to pay
    await medic.getByRole('button', { name: 'Send by mail' }).click();
    await expect(medic.getByText('The quote was sent to the patient by mail.')).toBeVisible();
    const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
      to: string;
      subject: string;
      body: string;
      attachmentName: string | null;
      attachment: string | null;
    }[];
    const mail = outbox.find(
      (m) => m.to.toLowerCase() === email.toLowerCase() && m.subject.startsWith(`Your quote ${budgetId}`),
    );
    expect(mail?.attachmentName).toBe(`Quote ${budgetId}.pdf`);
    expect(mail?.body).toContain('/home/payments');
    expect(
      Buffer.from(mail?.attachment ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectAccessible(medic);
    await medic.keyboard.press('Escape');

    // two payments at the desk, each with its own receipt
    for (const [amount, method] of [
      [6000, 'cash'],
      [10173, 'transfer'],
    ] as const) {
      const res = await request.post(`/api/Budgets/${budgetId}/payments`, { data: { amount, method } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await medic.reload();
    await expect(medic.getByText('Completed')).toBeVisible();
    const receipts = medic.getByRole('button', { name: /^Receipt of the / });
    await expect(receipts).toHaveCount(2);
    const first = await pdfText(await downloadFrom(medic, () => receipts.nth(0).click()));
    expect(first).toContain('ARS 6,000.00');
    expect(first).toContain('Cash');
    // the first receipt says what was paid and left that day, not today, and the discount that
    // takes the lines to the total
    expect(first).toContain('Discount (10%) -ARS 1,797.00');
    expect(first).toContain('Budget total ARS 16,173.00');
    expect(first).toContain('Paid in all ARS 6,000.00');
    expect(first).toContain('Left to pay ARS 10,173.00');
    const second = await pdfText(await downloadFrom(medic, () => receipts.nth(1).click()));
    expect(second).toContain('ARS 10,173.00');
    expect(second).toContain('Transfer');
    expect(second).toContain('Paid in all ARS 16,173.00');
    expect(second).toContain('Left to pay ARS 0.00');
    await expectAccessible(medic);
    await context.close();

    // the patient downloads each payment's receipt from the portal too
    await page.goto('/home/payments');
    const ownReceipts = page.getByRole('button', {
      name: new RegExp(`^Receipt .*, payment of budget ${budgetId}$`),
    });
    await expect(ownReceipts).toHaveCount(2);
    const own = await pdfText(await downloadFrom(page, () => ownReceipts.nth(0).click()));
    expect(own).toContain('ARS 6,000.00');
    expect(own).toContain(`Receipt ${budgetId}-`);
    await expectAccessible(page);
  });
}
