import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures';

// The midline between the patient's right and left must not shrink the teeth beside it: every
// tooth of a kind is drawn the same size, on a laptop and on a phone.
for (const width of [1440, 390]) {
  test(`tooth chart at ${width} px: teeth either side of the midline are drawn alike`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'medic');
    await page.goto('/home/addEvolution/1');
    const drawn = async (id: number) => {
      const box = await page
        .getByRole('button', { name: new RegExp(`^Tooth ${id},`) })
        .locator('svg')
        .boundingBox();
      if (!box) throw new Error(`tooth ${id} not drawn`);
      // On a phone the chart wraps by quadrant (the 21-28 row under the 11-18 one): same size, not same row.
      const size = { width: Math.round(box.width), height: Math.round(box.height) };
      return width > 640 ? { ...size, top: Math.round(box.y) } : size;
    };
    for (const [a, b] of [
      [11, 21],
      [12, 22],
      [41, 31],
      [42, 32],
    ] as const) {
      expect(await drawn(b), `tooth ${b} like tooth ${a}`).toEqual(await drawn(a));
    }
    // the page itself does not scroll sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
