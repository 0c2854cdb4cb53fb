import type { Turn } from '@clinic/worker/contract';

/**
 * The consultation turn the patient holds from `tomorrow` (the first day a patient may book) on,
 * the earliest when more: while there is one, the server refuses another ('You already have a
 * consultation turn!'), so no screen offers booking one.
 */
export function heldConsultation<T extends Pick<Turn, 'date' | 'time' | 'isConsultation'>>(
  turns: readonly T[],
  tomorrow: string,
): T | undefined {
  return [...turns]
    .filter((t) => t.isConsultation && t.date >= tomorrow)
    .sort((a, b) => a.date.localeCompare(b.date) || a.time - b.time)[0];
}
