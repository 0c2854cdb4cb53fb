import { MSG } from '@clinic/worker/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible, signInAs } from '../fixtures';
import { workdayAfter } from '../turns/support';

test('a patient joins the waitlist from the portal, sees the entry and leaves it; a window that ends before it starts is refused under its field', async ({
  page,
}) => {
  await signInAs(page, 'patient');
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'Check-up' })).toBeVisible();
  const join = page.getByRole('region', { name: 'Join the waitlist' });
  const from = workdayAfter(40);
  const to = workdayAfter(50);

  await join.getByLabel('From').fill(to);
  await join.getByLabel('To').fill(from);
  await join.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(join.getByText(MSG.waitlistToBeforeFrom)).toBeVisible();

  await join.getByLabel('From').fill(from);
  await join.getByLabel('To').fill(to);
  await join.getByLabel('Part of the day').selectOption('morning');
  await join.getByRole('button', { name: 'Join the waitlist' }).click();
  const entries = page.getByRole('list', { name: 'My waitlist entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries).toContainText('morning');
  await expectAccessible(page);

  await entries.getByRole('button', { name: 'Leave the waitlist' }).click();
  await expect(page.getByText('You are not on the waitlist.')).toBeVisible();
});
