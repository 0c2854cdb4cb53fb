import { DEMO_CLINIC } from '@clinic/worker/demo';
import { expect, type Page } from '@playwright/test';

/** A Monday-to-Friday date at least `days` days after today in the demo clinic's zone, 'YYYY-MM-DD'. */
export function workdayAfter(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_CLINIC.timeZone }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Opens the week view and steps forward to the week of `date` (weeks start on Sunday, en-US). */
export async function openWeekOf(medic: Page, date: string, lastName: string): Promise<void> {
  await medic.goto('/home/calendar');
  await medic.locator('.rbc-toolbar').getByRole('button', { name: 'Week' }).click();
  await expect(medic.locator('.rbc-time-view')).toBeVisible();
  const today = await medic.evaluate(() => {
    const now = new Date();
    return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  });
  const target = Date.parse(`${date}T00:00:00Z`);
  const sunday = (ms: number) => ms - new Date(ms).getUTCDay() * 86_400_000;
  const weeks = Math.round((sunday(target) - sunday(today)) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) {
    await medic.locator('.rbc-toolbar').getByRole('button', { name: 'Next' }).click();
  }
  await expect(medic.locator('.rbc-event', { hasText: lastName }).first()).toBeVisible();
}

/** Drags an event with the mouse onto the slot of `weekday` (0 Sunday) starting `hours` after the grid's first hour. */
export async function drag(
  medic: Page,
  event: ReturnType<Page['locator']>,
  weekday: number,
  time: number,
): Promise<void> {
  const from = await event.boundingBox();
  const column = medic.locator('.rbc-time-content .rbc-day-slot').nth(weekday);
  // the grid starts one hour before the earliest office hour (9:00), in 15-minute slots
  const slot = column.locator('.rbc-time-slot').nth(Math.round((time - 8) * 4));
  await slot.scrollIntoViewIfNeeded();
  const to = await slot.boundingBox();
  const start = await event.boundingBox();
  if (!from || !to || !start) throw new Error('nothing to drag');
  await medic.mouse.move(start.x + start.width / 2, start.y + 3);
  await medic.mouse.down();
  await medic.mouse.move(start.x + start.width / 2, start.y + 12, { steps: 3 });
  // rbc keeps the grab offset (3 px): land a little into the target slot
  await medic.mouse.move(to.x + to.width / 2, to.y + 3 + to.height * 0.3, { steps: 12 });
  await medic.mouse.up();
}
