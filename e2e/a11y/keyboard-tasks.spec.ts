import { MSG, turnIdDeleted } from '@clinic/worker/contract';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { newPerson, registerPatient, signUpPatient } from '../accounts/support';
import { expectAccessible, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';

// Keyboard only (no click, no fill): the day's tasks of a medic and of a patient. After every
// pop-up the test asserts where the focus went (never the body), and it records how many Tab
// presses the way to Create a Turn takes (as annotations of the report).

const MAX_TABS = 120;

/** What has the focus, for messages: tag, id and name. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
  });
}

/** The focus is somewhere, never on the body (nor lost with a removed element). */
async function expectFocusKept(page: Page, after: string): Promise<string> {
  // a control that leaves the page (a cancelled turn's record) gives the focus on a frame later
  await expect.poll(() => describeFocus(page), { message: `focus after ${after}` }).not.toBe('body');
  return describeFocus(page);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<number> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const seen: string[] = [];
  for (let presses = 0; presses <= MAX_TABS; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
    await page.keyboard.press(key);
    seen.push(await describeFocus(page));
  }
  throw new Error(`${key} never reached the control; focus went through: ${seen.join(' → ')}`);
}

/**
 * A success message: today a pop-up that closes by itself after 1500 ms, with the clinic-day
 * issue a status toast that never takes the focus. Either way, wait until nothing blocks.
 */
async function afterSuccess(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  const toast = page.getByRole('status').filter({ hasText: text });
  await expect(dialog.or(toast).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // the focus is put back once the pop-up has gone (a frame or two later)
  await expect.poll(() => describeFocus(page)).not.toBe('body');
}

/** Records a figure in the report (an annotation) and in the run's output. */
function note(testInfo: TestInfo, type: string, description: string): void {
  testInfo.annotations.push({ type, description });
  console.log(`${type}: ${description}`);
}

const usDigits = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

test('a medic creates a turn, moves it and cancels it with the keyboard only', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAs(page, 'medic');
  const patient = await registerPatient(page.request, 'Agnes', 'Skinner');
  const date = workdayAfter(40 + (Date.now() % 20));
  const later = workdayAfter(Number(date.slice(8, 10)) % 2 === 0 ? 61 : 62);

  await page.goto('/home/calendar');
  const create = page.getByRole('region', { name: 'Create a Turn' });
  const patientField = create.getByLabel('Patient');
  await expect(patientField).toBeVisible();
  await expect(page.locator('.rbc-month-view')).toBeVisible();

  // Without the calendar's skip link: Tab only, from 'Skip to content' to the Patient field
  // (the month grid is one Tab stop now)
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  const tabsOnly = await tabTo(page, patientField);
  note(testInfo, 'Tabs: skip link → Patient, Tab only', String(tabsOnly));

  // With it: 'Skip to content', then 'Skip to Create a Turn' is the next Tab stop
  await page.goto('/home/calendar');
  await expect(patientField).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const toSkip = await tabTo(page, page.getByRole('link', { name: 'Skip to Create a Turn' }));
  await page.keyboard.press('Enter');
  await expect(patientField).toBeFocused();
  note(testInfo, 'Tabs: skip link → Patient, with Skip to Create a Turn', `${toSkip} Tab + 2 Enter`);
  expect(toSkip).toBe(1);

  // the patient: type, Tab to the match, Enter picks it
  await page.keyboard.type(patient.document);
  const match = create.getByRole('button', { name: /Skinner, Agnes/ });
  await expect(match).toBeVisible();
  await tabTo(page, match);
  await page.keyboard.press('Enter');
  await afterSuccess(page, MSG.patientSelected);
  const afterPick = await expectFocusKept(page, 'the patient pick');
  const dateField = create.getByLabel('Date');
  const pickToDate = await tabTo(page, dateField);
  note(testInfo, 'Tabs: patient pick → Date', `${pickToDate} (focus after the pick: ${afterPick})`);
  // the Medic field (the desk books for any medic) stands between the patient and the date
  expect(pickToDate).toBeLessThanOrEqual(2);

  await page.keyboard.type(usDigits(date));
  await expect(dateField).toHaveValue(date);
  await tabTo(page, create.getByLabel('Description'));
  await page.keyboard.type('Keyboard only turn');
  await tabTo(page, create.getByRole('button', { name: 'Create Turn' }));
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/turns') && r.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const id = ((await (await created).json()) as { ID: number }).ID;
  await afterSuccess(page, MSG.turnCreated);
  note(testInfo, 'focus after Turn created', await expectFocusKept(page, 'Turn successfully created'));

  // the turn in the month grid: a Tab stop of its own, Enter opens it in Turns details
  const details = page.getByRole('region', { name: 'Turns details' });
  const event = page.getByRole('button', { name: /Skinner, Agnes/ }).and(page.locator('.rbc-event'));
  await expect(event).toBeVisible();
  await tabTo(page, event, true);
  await page.keyboard.press('Enter');
  const record = page.locator(`#turn-${id}`);
  await expect(record).toBeFocused();
  await expect(details.getByLabel('Date')).toHaveValue(date);

  // move it with the Move form (the keyboard's drag)
  await tabTo(page, record.getByRole('button', { name: MSG.moveTurn, exact: true }));
  await page.keyboard.press('Enter');
  const newDate = record.getByLabel('New date');
  await tabTo(page, newDate);
  await page.keyboard.type(usDigits(later));
  await expect(newDate).toHaveValue(later);
  await tabTo(page, record.getByRole('button', { name: 'Move turn', exact: true }));
  await page.keyboard.press('Enter');
  await afterSuccess(page, MSG.turnMoved);
  // the moved turn's record, on its new day, has the focus
  await expect(page.locator(`#turn-${id}`)).toBeFocused();
  await expect(details.getByLabel('Date')).toHaveValue(later);

  // cancel it: Escape on the question goes back to CANCEL; then confirm
  const cancel = page.locator(`#turn-${id}`).getByRole('button', { name: 'CANCEL' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(`Cancel turn ${id}?`);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Cancel turn' }));
  await page.keyboard.press('Enter');
  await afterSuccess(page, turnIdDeleted(id));
  // the turn's record is gone: the focus is in Turns details (its heading, or the next turn)
  await expect(page.locator(`#turn-${id}`)).toHaveCount(0);
  const afterCancel = await expectFocusKept(page, 'the cancel');
  expect(await details.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  note(testInfo, 'focus after the cancel', afterCancel);
  await expectAccessible(page);
});

test('a medic adds an evolution choosing a tooth, and builds a budget, with the keyboard only', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, 'medic');
  const patient = await registerPatient(page.request, 'Otto', 'Mann');

  // evolution: observations, a tooth (arrows + Space), a treatment (type + arrows + Enter), save
  await page.goto(`/home/addEvolution/${patient.id}`);
  const observations = page.getByLabel('Observations');
  await expect(observations).toBeVisible();
  await tabTo(page, observations);
  await page.keyboard.type('Sealant, keyboard only');
  await tabTo(page, page.getByRole('button', { name: /^Tooth 18,/ }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Tooth 17,/ })).toHaveAttribute('aria-pressed', 'true');
  const treatment = page.getByRole('combobox', { name: 'Treatment' });
  await tabTo(page, treatment);
  await page.keyboard.type('fill');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(treatment).toHaveValue(/^020\d · /);
  await tabTo(page, page.getByRole('button', { name: 'Save evolution' }));
  await page.keyboard.press('Enter');
  await afterSuccess(page, MSG.evolutionAdded);
  // the screen changed to the patient's page: the focus is on its heading
  await expect(page).toHaveURL(new RegExp(`/home/${patient.id}$`));
  await expect(page.locator('#screen-heading')).toBeFocused();
  note(testInfo, 'focus after the evolution', await expectFocusKept(page, 'Evolution added'));

  // budget: find the patient, Select, a treatment, Add to budget, Create budget
  await page.goto('/home/addBudget');
  const search = page.locator('main search input');
  await expect(search).toBeVisible();
  await tabTo(page, search);
  await page.keyboard.type(patient.document);
  await page.keyboard.press('Enter');
  const select = page.getByRole('button', { name: /^Select Otto Mann|^Select Mann/ });
  await expect(select).toBeVisible();
  await tabTo(page, select);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove patient' })).toBeVisible();
  await expectFocusKept(page, 'the patient pick');
  const budgetTreatment = page.getByRole('combobox', { name: 'Treatment' });
  await tabTo(page, budgetTreatment);
  await page.keyboard.type('fill');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Add to budget' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Treatments in this budget' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Create budget' }));
  await page.keyboard.press('Enter');
  await afterSuccess(page, MSG.budgetCreated);
  await expect(page).toHaveURL(/\/home\/budget$/);
  await expect(page.locator('#screen-heading')).toBeFocused();
  note(testInfo, 'focus after the budget', await expectFocusKept(page, 'Budget created'));
});

test('a patient requests a consultation and cancels it with the keyboard only', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const who = newPerson('kbd');
  await signUpPatient(page.request, who, { name: 'Jimbo', lastName: 'Jones', birth: '2001-05-05' });
  const login = await page.request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(login.status()).toBe(200);

  await page.goto('/home/appointment');
  const slot = page.getByRole('radio').first();
  await expect(slot).toBeVisible();
  await tabTo(page, slot);
  await page.keyboard.press('Space');
  await expect(slot).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Request consultation' }));
  await page.keyboard.press('Enter');
  await afterSuccess(page, MSG.consultationTurnCreated);
  note(testInfo, 'focus after the request', await expectFocusKept(page, 'Consultation turn created'));

  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await expect(cancel).toBeVisible();
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question).toBeVisible();
  await tabTo(page, question.getByRole('button', { name: 'Cancel turn' }));
  await page.keyboard.press('Enter');
  await afterSuccess(page, MSG.turnDeleted);
  await expect(cancel).toHaveCount(0);
  note(testInfo, 'focus after the cancel', await expectFocusKept(page, 'Turn deleted'));
  await expectAccessible(page);
});
