import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newApprovedMedic, signedUpPatient } from '../accounts/support';
import { expectAccessible, expectToast, signInRequest } from '../fixtures';
import { workdayAfter } from '../turns/support';

// The money journeys done on the screens: a pending budget edited once on its Edit screen (with a
// stale save in between), and a paid consultation the clinic cancels, kept as a credit the next
// budget uses. Each test has its own patient (and the second its own medic), at 1440 and 360 px.

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  body: string;
}

/** A patient of their own signs up and signs in (`page`); answers their ID, email and document. */
async function signedInPatient(page: Page, prefix: string, lastName: string) {
  const { who, patientID } = await signedUpPatient(page, prefix, {
    name: 'Agnes',
    lastName,
    birth: '1950-03-03',
  });
  return { id: patientID, email: who.email, document: who.document };
}

/** The newest local mail to `to` whose subject has `subject`. */
async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as OutboxMail[];
      found = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject.includes(subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as OutboxMail;
}

for (const width of [1440, 360]) {
  const tag = width > 640 ? 'Laptop' : 'Phone';

  test(`a three-line budget with a tooth and a discount, edited once on its Edit screen (${tag})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow();
    const patient = await signedInPatient(page, `edit${tag.toLowerCase()}`, `Edit${tag}`);
    await signInRequest(request, 'medic');
    const created = await request.post('/api/Budgets', {
      data: {
        PatientID: patient.id,
        treatments: [
          { ID: '0101', quantity: 1 },
          { ID: '0201', quantity: 1, toothID: 16 },
          { ID: '0501', quantity: 1, toothID: 46 },
        ],
        discount: 500,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { ID: budgetId } = (await created.json()) as { ID: number };

    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const medic = await context.newPage();
    await signInRequest(medic.request, 'medic');
    await medic.goto(`/home/updateBudget/${budgetId}`);
    await medic.getByRole('link', { name: `Edit budget ${budgetId}` }).click();
    await expect(medic).toHaveURL(new RegExp(`/home/editBudget/${budgetId}$`));
    await expect(
      medic.getByRole('main').getByRole('heading', { name: `Edit budget ${budgetId}` }),
    ).toBeVisible();
    const total = medic.getByText(/^Total:/);
    // 1170 + 4500 + 7800 = 13,470, less 500
    await expect(total).toHaveText('Total: ARS 12,970.00');
    await expectAccessible(medic);

    // two fillings on 16 (from the keyboard), and 10% off instead of 500
    const raise = medic.getByRole('button', {
      name: 'Raise quantity of 0201 · Composite filling, one surface · tooth 16',
    });
    await raise.focus();
    await medic.keyboard.press('Enter');
    await expect(
      medic.getByRole('status', { name: 'Quantity of 0201 · Composite filling, one surface · tooth 16' }),
    ).toHaveText('2');
    await medic.getByLabel('Discount as').selectOption('percent');
    await medic.getByLabel('Discount', { exact: true }).fill('10');
    // 1170 + 2 × 4500 + 7800 = 17,970; less 10% = 16,173
    await expect(total).toHaveText('Total: ARS 16,173.00');
    await expectAccessible(medic);

    // meanwhile someone else gives the quote a validity: the save is refused and says what changed
    const other = await request.put('/api/Budgets', {
      data: {
        ID: budgetId,
        treatments: [
          { ID: '0101', quantity: 1 },
          { ID: '0201', quantity: 1, toothID: 16 },
          { ID: '0501', quantity: 1, toothID: 46 },
        ],
        discount: 500,
        validUntil: '2031-06-30',
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    await medic.getByRole('button', { name: 'Save changes' }).click();
    const stale = medic.getByRole('dialog');
    await expect(stale).toContainText('Someone else changed this record since you opened it');
    await expect(stale).toContainText('Valid until');
    await expectAccessible(medic);
    await stale.getByRole('button', { name: 'OK' }).click();
    // what was typed is kept; the validity nobody here touched takes the other person's date
    await expect(total).toHaveText('Total: ARS 16,173.00');
    await expect(medic.getByLabel('Valid until')).toHaveValue('2031-06-30');

    await medic.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(medic, 'Budget updated successfully');
    await expect(medic).toHaveURL(new RegExp(`/home/updateBudget/${budgetId}$`));
    await expect(medic.getByText('Total price:')).toContainText('ARS 16,173.00');
    const stored = (await (await request.get(`/api/Budgets/${budgetId}`)).json()) as {
      treatments: { ID: string; quantity: number; toothID: number | null }[];
      discount: number;
      validUntil: string;
    };
    expect(stored.treatments.map((l) => [l.ID, l.quantity, l.toothID])).toEqual([
      ['0101', 1, null],
      ['0201', 2, 16],
      ['0501', 1, 46],
    ]);
    expect(stored).toMatchObject({ discount: 1797, validUntil: '2031-06-30' });
    await expectAccessible(medic);

    // once anything is paid, Edit is gone and the screen says why
    const paid = await request.post(`/api/Budgets/${budgetId}/payments`, {
      data: { amount: 1000, method: 'cash' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    await medic.reload();
    await expect(medic.getByText(/^Payment status:/)).toContainText('Partly paid');
    await expect(medic.getByRole('link', { name: `Edit budget ${budgetId}` })).toHaveCount(0);
    await medic.goto(`/home/editBudget/${budgetId}`);
    await expect(medic.getByRole('alert')).toHaveText(
      'A budget with payments cannot be changed. Once its payments are refunded it can be voided, and a new one made.',
    );
    await context.close();
  });

  test(`a paid consultation cancelled by the clinic is kept as a credit and used by the next budget (${tag})`, async ({
    page,
    playwright,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const patient = await signedInPatient(page, `credit${tag.toLowerCase()}`, `Credit${tag}`);
    // the desk: a medic of its own, so no other test's turns share its book
    const desk = await newApprovedMedic(playwright.request, baseURL, `credit${tag.toLowerCase()}`);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const medic = await context.newPage();
    const login = await medic.request.post('/api/login', {
      data: { email: desk.email, password: desk.password },
    });
    expect(login.status(), await login.text()).toBe(200);

    // a consultation, paid at the desk
    const date = workdayAfter(50 + (width > 640 ? 0 : 1) + 7 * testInfo.retry);
    const description = `Credit check-up ${tag} #consult`;
    const booked = await medic.request.post('/api/turns', {
      data: {
        date,
        time: 10,
        duration: 0.5,
        description,
        medicAccepts: true,
        patientAccepts: false,
        PatientID: patient.id,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const turn = (await booked.json()) as { ID: number; budgetID: number };
    const paid = await medic.request.post(`/api/Budgets/${turn.budgetID}/payments`, {
      data: { method: 'card' },
    });
    expect(paid.status(), await paid.text()).toBe(201);

    // the clinic cancels it: the dialog says it was paid and asks where the money goes
    await medic.goto('/home/calendar');
    const details = medic.getByRole('region', { name: 'Turns details' });
    await expect(details).toBeVisible({ timeout: 30_000 });
    await details.getByLabel('Date').fill(date);
    const record = details.getByRole('listitem').filter({ hasText: `Credit check-up ${tag}` });
    await expect(record).toContainText('Paid');
    await record.getByRole('button', { name: 'CANCEL' }).click();
    const ask = medic.getByRole('alertdialog');
    await expect(ask).toContainText(`Cancel turn ${turn.ID}?`);
    await expect(ask).toContainText('This consultation was paid');
    await expect(ask.getByRole('button', { name: 'Refund to card' })).toBeVisible();
    await expectAccessible(medic);
    await ask.getByRole('button', { name: 'Keep as credit' }).click();
    await expectToast(medic, `Turn ID ${turn.ID} deleted!`);
    await expect(record).toHaveCount(0);

    // the patient's cancel mail says which
    const mail = await mailTo(medic.request, patient.email, 'was cancelled');
    // (money is written with a no-break space)
    expect(mail.body.replace(/\s+/g, ' ')).toContain(
      'ARS 1,170.00 for this consultation is kept as a credit on your account',
    );

    // the next budget, built on Add Budget, uses the credit first
    await medic.goto('/home/addBudget');
    await medic.getByLabel('Search patient by ID or name').fill(patient.document);
    await medic.getByRole('button', { name: 'Search', exact: true }).click();
    await medic.getByRole('button', { name: `Select Agnes Credit${tag}` }).click();
    const treatment = medic.getByRole('combobox', { name: 'Treatment' });
    await treatment.fill('0601');
    await medic.getByRole('option', { name: /^0601 · / }).click();
    await medic.getByRole('button', { name: 'Add to budget' }).click();
    await expect(medic.getByText(/^Total:/)).toHaveText('Total: ARS 1,500.00');
    await medic.getByRole('button', { name: 'Create budget' }).click();
    await expectToast(medic, 'Budget created successfully');
    await context.close();

    // the patient sees it partly paid by the credit: 1,500 less 1,170
    await page.goto('/home/payments');
    const card = page.getByRole('listitem').filter({ hasText: 'Periapical X-ray' });
    await expect(card).toContainText('Left to pay');
    await expect(card).toContainText('ARS 330.00');
    await expectAccessible(page);
  });
}
