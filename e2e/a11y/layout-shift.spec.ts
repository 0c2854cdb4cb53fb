import { expect, type Page, test } from '@playwright/test';
import { type Role, signInAs } from '../fixtures';

// On a phone nothing a screen has drawn is pushed out of place as the rest arrives: the layout
// shifts of the first load, summed as the browser reports them (CLS), stay under 0.1, Google's
// "good". The calendar's agenda once arrived after Create a Turn was drawn under the filter and
// pushed it out of sight (0.44); the appointment request once drew its price and slots above
// "My turns" as they came (0.15).

test.use({ viewport: { width: 412, height: 800 } });

/** Opens `path` in a new tab of the signed-in context and sums its layout shifts once it is drawn. */
async function layoutShiftOf(page: Page, path: string): Promise<{ total: number; moved: string[] }> {
  const tab = await page.context().newPage();
  await tab.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; moved: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (e.hadRecentInput) continue;
        w.shifts.push({
          value: e.value,
          moved: e.sources.map(
            (s) => `${s.node?.nodeName ?? '?'}.${(s.node as Element | undefined)?.className ?? ''}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await tab.goto(path);
  await expect(tab.locator('#screen-heading')).toBeVisible();
  await tab.waitForLoadState('networkidle');
  await expect(tab.locator('main [aria-busy="true"]')).toHaveCount(0);
  const shifts = await tab.evaluate(
    () => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts,
  );
  await tab.close();
  return {
    total: shifts.reduce((sum, s) => sum + s.value, 0),
    moved: shifts.filter((s) => s.value > 0.01).flatMap((s) => s.moved),
  };
}

const SCREENS: { role: Role; path: string }[] = [
  { role: 'medic', path: '/home/calendar' },
  { role: 'patient', path: '/home/appointment' },
];

for (const { role, path } of SCREENS) {
  test(`on a phone ${path} (${role}) draws without pushing what it has drawn`, async ({ page }) => {
    await signInAs(page, role);
    const { total, moved } = await layoutShiftOf(page, path);
    expect(total, `moved: ${moved.join(', ')}`).toBeLessThan(0.1);
  });
}
