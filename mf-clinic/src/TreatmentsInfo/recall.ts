import { check, MSG, RecallMonthsSchema } from '@clinic/worker/contract';

/**
 * A typed recall interval as `PUT /api/treatments` takes it: empty is no recall (null), otherwise
 * whole months within the contract's limits; anything else is refused with the contract's message.
 */
export function recallMonthsOf(
  text: string,
): { ok: true; value: number | null } | { ok: false; msg: string } {
  const typed = text.trim();
  if (typed === '') return { ok: true, value: null };
  // Digits only: Number() would also read '0x10', '1e1' or '6.' as months.
  const result = check(RecallMonthsSchema, /^\d+$/.test(typed) ? Number(typed) : Number.NaN);
  return result.ok ? { ok: true, value: result.value } : { ok: false, msg: MSG.recallMonthsInvalid };
}
