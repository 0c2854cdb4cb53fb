import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { registerPatient } from '../accounts/support';
import { expectAccessible, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';

// The reports screen reads the clinic's monthly figures; this spec adds its own patient, turn and
// budget and marks a past demo turn a no-show, so the figures it checks move by what it did (other
// specs may add more at the same time: the changes are checked as "at least").

/** A total of a report table ("ARS 1,170.00", "12", "7.5") as a number. */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function totals(page: Page): Promise<Totals> {
  await expect(page.getByRole('table', { name: /Turns, by month/ })).toBeVisible();
  const cells = page.locator('td[data-total]');
  const out: Record<string, number> = {};
  for (const cell of await cells.all()) {
    out[(await cell.getAttribute('data-total')) ?? ''] = numberOf(await cell.innerText());
  }
  return out as Totals;
}

type Totals = Record<
  'billed' | 'collected' | 'turns' | 'noShows' | 'newPatients' | 'budgets' | 'bookedHours',
  number
>;

const pad2 = (n: number) => String(n).padStart(2, '0');

test('the last 3 months in charts and tables; a turn, a budget and its payment move them; the CSV matches', async ({
  page,
}) => {
  await signInAs(page, 'medic');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home/reports');
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last3');
  // Four charts (drawn by the library, loaded with the screen) and a table beside each.
  for (const name of ['Billed and collected', 'Turns', 'Chair occupancy (hours)', 'Patients and budgets']) {
    await expect(page.getByRole('table', { name: `${name}, by month` })).toBeVisible();
    await expect(page.locator(`[data-chart="${name}"] svg`)).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Turns, by month' }).locator('tbody tr')).toHaveCount(4);
  await expectAccessible(page);
  const before = await totals(page);

  // A patient of this test's own, a turn for them this month, a budget paid in part.
  const { id } = await registerPatient(page.request, 'Reporte', 'Núñez');
  const now = new Date();
  const monthEnd = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  let booked = false;
  // From the month's last day back. The next workday's slots belong to the day-in-the-clinic
  // journey (after a weekend it can be the month's last day).
  const journeyDay = workdayAfter(1);
  for (let d = monthEnd; d >= now.getDate() + 2 && !booked; d--) {
    const date = `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(d)}`;
    if (date === journeyDay) continue;
    const free = (await (await page.request.get(`/api/turns/free?date=${date}`)).json()) as {
      slots: number[];
    };
    const time = free.slots.at(-1);
    if (time === undefined) continue;
    const res = await page.request.post('/api/turns', {
      data: { date, time, duration: 0.25, description: 'Report check', PatientID: id },
    });
    booked = res.status() === 201;
  }
  const budget = await page.request.post('/api/Budgets', {
    data: { PatientID: id, treatments: [{ ID: '0201', quantity: 1, toothID: 36 }] },
  });
  expect(budget.status(), await budget.text()).toBe(201);
  const { ID, totalPrice } = (await budget.json()) as { ID: number; totalPrice: number };
  const paid = await page.request.post(`/api/Budgets/${ID}/payments`, {
    data: { amount: 1000, method: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // A turn already past (the demo clinic's week started on Monday) marked as a no-show. On a
  // Monday there may be none yet: then the API tests' fixtures alone speak for the outcomes.
  const today = `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
  const from = new Date(now.getFullYear(), now.getMonth() - 2, 1);
  const earlier = (await (
    await page.request.get(
      `/api/turns?from=${from.getFullYear()}-${pad2(from.getMonth() + 1)}-01&to=${today}&limit=200&offset=0`,
    )
  ).json()) as { ID: number; date: string; outcome: string | null }[];
  const past = earlier.filter((t) => t.date < today && t.outcome === null).at(-1);
  if (past) {
    const marked = await page.request.put(`/api/turns/${past.ID}/outcome`, { data: { outcome: 'no-show' } });
    expect(marked.status(), await marked.text()).toBe(200);
  }

  await page.reload();
  const after = await totals(page);
  if (past) expect(after.noShows - before.noShows).toBeGreaterThanOrEqual(1);
  expect(after.newPatients - before.newPatients).toBeGreaterThanOrEqual(1);
  expect(after.budgets - before.budgets).toBeGreaterThanOrEqual(1);
  expect(after.billed - before.billed).toBeGreaterThanOrEqual(totalPrice);
  expect(after.collected - before.collected).toBeGreaterThanOrEqual(1000);
  if (booked) {
    expect(after.turns - before.turns).toBeGreaterThanOrEqual(1);
    expect(after.bookedHours - before.bookedHours).toBeGreaterThanOrEqual(0.25);
  }

  // The exported file, read by a CSV parser, adds up to the screen's totals.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV of the report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-report-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const csv = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.data).toHaveLength(3);
  const sum = (column: string) =>
    Math.round(csv.data.reduce((n, row) => n + Number(row[column] ?? 'NaN'), 0) * 100) / 100;
  const shown = await totals(page);
  expect(sum('Billed')).toBe(shown.billed);
  expect(sum('Collected')).toBe(shown.collected);
  expect(sum('Turns')).toBe(shown.turns);
  expect(sum('No-shows')).toBe(shown.noShows);
  expect(sum('New patients')).toBe(shown.newPatients);
  expect(sum('Booked hours')).toBe(shown.bookedHours);

  // At 360 px the same screen, charts and tables, one column.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.locator('[data-chart="Turns"] svg')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Turns, by month' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});

test('a period from–to asks for its own months; every list has its Export CSV', async ({ page }) => {
  await signInAs(page, 'medic');
  // Its own sidebar entry and title.
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reports', exact: true })
    .click();
  await expect(page).toHaveURL('/home/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('range');
  await page.getByLabel('From', { exact: true }).fill('2026-01-10');
  await page.getByLabel('To', { exact: true }).fill('2026-02-20');
  await expect(page.getByRole('table', { name: 'Turns, by month' }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('rowheader', { name: 'January 2026' }).first()).toBeVisible();
  for (const [path, what] of [
    ['/home', 'the patients'],
    ['/home/budget', 'the budgets'],
  ] as const) {
    await page.goto(path);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export CSV of ${what}` }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.csv$/);
  }
  await page.goto('/home/calendar');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Export CSV of the turns from / }).click();
  expect((await downloading).suggestedFilename()).toMatch(
    /-turns-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/,
  );
});
