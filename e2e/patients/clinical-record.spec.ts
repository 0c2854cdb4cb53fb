import { DEMO_CLINIC } from '@clinic/worker/demo';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newPerson, registerPatient, signUpPatient } from '../accounts/support';
import { answeredHistory, expectAccessible, expectToast, signInAs } from '../fixtures';

// A clinical record a dentist can work from: a note on several teeth with surfaces, a child's
// primary tooth, the chart of past work, the alerts on top, the questionnaire kept current, and the
// clinical history PDF as a document, at a laptop's width and a phone's.

async function child(medic: APIRequestContext, name: string): Promise<number> {
  return (await registerPatient(medic, name, 'Van Houten', { birth: '2018-04-04' })).id;
}

async function pickTreatment(page: Page, code: string): Promise<void> {
  const treatment = page.getByRole('combobox', { name: 'Treatment' });
  await treatment.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} · `) }).click();
}

const tooth = (page: Page, id: number) => page.getByRole('button', { name: new RegExp(`^Tooth ${id},`) });

for (const width of [1440, 360]) {
  // names are letters only: the width in words
  const tag = width > 640 ? 'Laptop' : 'Phone';
  test(`a dentist's clinical record at ${width} px: teeth and surfaces, primary teeth, chart, alerts, history kept current`, async ({
    page,
  }) => {
    test.slow(); // two patients, two notes, the questionnaire updated, axe four times: well over 10 s on 2 cores
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'medic');
    const { id } = await registerPatient(page.request, `Edna${tag}`, 'Krabappel');
    const made = await page.request.post('/api/clinicalhistories', {
      data: answeredHistory(id, {
        b_alergicToMedicine: true,
        b_normalWoundHealing: true,
        b_other: 'Penicillin',
      }),
    });
    expect(made.status()).toBe(201);

    // Add Evolution says whose record it is, with the alerts on top
    await page.goto(`/home/addEvolution/${id}`);
    const header = page.getByRole('region', { name: `Patient: Edna${tag} Krabappel` });
    await expect(header).toContainText('Allergic to medication');
    await expect(header).toContainText('Penicillin');
    await expect(header).not.toContainText('Normal wound healing');
    await page.getByLabel('Observations').fill(`Two fillings ${width}`);
    // each press toggles: 36 and 37 both chosen, listed by number and name with their surfaces
    await tooth(page, 36).click();
    await tooth(page, 37).click();
    await expect(tooth(page, 36)).toHaveAttribute('aria-pressed', 'true');
    await expect(tooth(page, 37)).toHaveAttribute('aria-pressed', 'true');
    const chosen = page.getByRole('list', { name: 'Chosen teeth' });
    await expect(chosen).toContainText('Tooth 36, lower left first molar');
    await expect(chosen).toContainText('Tooth 37, lower left second molar');
    await page.getByRole('checkbox', { name: 'occlusal (O) of tooth 36' }).check();
    await page.getByRole('checkbox', { name: 'mesial (M) of tooth 36' }).check();
    await page.getByRole('checkbox', { name: 'occlusal (O) of tooth 37' }).check();
    await pickTreatment(page, '0202');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save evolution' }).click();
    await expectToast(page, 'Evolution added successfully');
    await expect(page).toHaveURL(new RegExp(`/home/${id}$`));

    // the note lists both teeth; the chart colours them and a press on 36 lists the note
    await expect(page.getByText(/Teeth 36 \(M, O\), 37 \(O\)/).first()).toBeVisible();
    await expect(tooth(page, 36)).toHaveAttribute('data-work', 'filling');
    await expect(tooth(page, 37)).toHaveAttribute('data-work', 'filling');
    await expect(tooth(page, 36)).toHaveAccessibleName(/Composite filling, two surfaces/);
    await expect(tooth(page, 11)).not.toHaveAttribute('data-work', /.+/);
    await tooth(page, 36).click();
    const notes = page.getByRole('region', { name: 'Notes on tooth 36' });
    await expect(notes).toContainText(`Two fillings ${width}`);
    await expect(page.getByRole('list', { name: 'Chart legend' })).toContainText('Filling');
    await expect(page.getByRole('region', { name: `Patient: Edna${tag} Krabappel` })).toContainText(
      'Allergic to medication',
    );
    await expectAccessible(page);

    // the questionnaire updated by the dentist: a new version, and what changed shown
    await page.getByRole('button', { name: 'Update clinical history' }).click();
    await page.getByLabel('Pregnant', { exact: true }).selectOption('YES');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const summary = page.getByRole('dialog', { name: 'Confirm the updated clinical history' });
    await expect(summary).toContainText('Pregnant: YES');
    await summary.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Clinical history updated');
    const changes = page.getByRole('list', { name: 'Changes since the previous version' });
    await expect(changes).toContainText('Pregnant: NO → YES');
    await expect(page.getByText(/Version 2, .* by Dr\. Gregory House/)).toBeVisible();
    await expect(page.getByRole('note', { name: 'Alerts' })).toContainText('Pregnant');
    await expectAccessible(page);

    // a child: the primary teeth by default; 75 charted
    const kid = await child(page.request, `Milhouse${tag}`);
    await page.goto(`/home/addEvolution/${kid}`);
    await expect(page.getByRole('radio', { name: 'Primary teeth' })).toBeChecked();
    await page.getByLabel('Observations').fill('Sealant on a milk molar');
    await tooth(page, 75).click();
    await expect(page.getByRole('list', { name: 'Chosen teeth' })).toContainText(
      'Tooth 75, primary lower left second molar',
    );
    await pickTreatment(page, '0701');
    await page.getByRole('button', { name: 'Save evolution' }).click();
    await expectToast(page, 'Evolution added successfully');
    await expect(page).toHaveURL(new RegExp(`/home/${kid}$`));
    await expect(tooth(page, 75)).toHaveAttribute('data-work', 'prevention');
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test(`the patient updates their history and downloads the clinical history PDF at ${width} px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow(); // a sign-up, a medic's note, the questionnaire updated and a PDF read back: more than 10 s on 2 cores
    await page.setViewportSize({ width, height: 900 });
    const who = newPerson(`pdf${width}`);
    await signUpPatient(page.request, who, { name: 'Agnes', lastName: `Pdf${tag}`, birth: '1950-02-02' });
    const login = await page.request.post('/api/login', {
      data: { email: who.email, password: who.password },
    });
    expect(login.status()).toBe(200);
    const { patientID } = (await (await page.request.get('/api/me')).json()) as { patientID: number };
    expect(
      (await page.request.post('/api/clinicalhistories', { data: answeredHistory(patientID) })).status(),
    ).toBe(201);

    const medicContext = await browser.newContext({ baseURL });
    await signInAs(await medicContext.newPage(), 'medic');
    const note = await medicContext.request.post('/api/evolutions', {
      data: {
        date: '2026-03-02',
        observations: 'Root canal on the lower left first molar',
        PatientID: patientID,
        TreatmentID: '0302',
        teeth: [{ toothID: 36, surfaces: ['O'] }],
      },
    });
    expect(note.status(), await note.text()).toBe(201);
    await medicContext.close();

    // the patient keeps it current from the portal: an allergy
    await page.goto('/home/PatientCH');
    await page.getByRole('button', { name: 'Update my clinical history' }).click();
    await page.getByLabel('Allergic to medication', { exact: true }).selectOption('YES');
    await page.getByLabel('Other (general)').fill('Penicillin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm the updated clinical history' })
      .getByRole('button', { name: 'Send' })
      .click();
    await expectToast(page, 'Clinical history updated');
    await expect(page.getByRole('list', { name: 'Changes since the previous version' })).toContainText(
      'Allergic to medication: NO → YES',
    );
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Clinic History.pdf');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(DEMO_CLINIC.name);
    expect(text).toContain('Clinic History');
    expect(text).toContain('Root canal on the lower left first molar');
    expect(text).toContain('36 (O)');
    expect(text).toContain('ALLERGIC TO MEDICATION');
    expect(text).toContain('Penicillin');
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).toContain('Printed on');
    // the answered conditions come before the others
    expect(text.indexOf('ALLERGIC TO MEDICATION')).toBeLessThan(text.indexOf('SMOKER'));
  });
}
