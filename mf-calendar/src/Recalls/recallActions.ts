import type { RECALL_TABS, Recall } from '@clinic/worker/contract';

export type RecallTab = (typeof RECALL_TABS)[number];

/**
 * What the desk may do with a recall on a tab: mark an open one contacted, dismiss one not yet
 * dismissed or booked, and book a turn. A patient on the Booked tab already has a turn (whatever
 * the recall's own status says), so nothing there asks to contact or book them again; dismissing
 * stays as the status allows.
 */
export function recallActions(
  tab: RecallTab,
  status: Recall['status'],
): { contacted: boolean; dismiss: boolean; book: boolean } {
  const booked = tab === 'booked' || status === 'booked';
  return {
    contacted: status === 'open' && !booked,
    dismiss: status !== 'dismissed' && status !== 'booked',
    book: !booked,
  };
}
