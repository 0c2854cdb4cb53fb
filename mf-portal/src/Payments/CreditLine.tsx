import { answer, api, formatMoneyTotals, useQuery } from '@clinic/kit';
import type { PatientCredit } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

/** What the portal says of the patient's credit ('Credit: ARS 1,000.00'); null when there is none. */
export function creditText(credit: PatientCredit): string | null {
  const some = credit.filter((c) => c.amount > 0);
  return some.length === 0 ? null : `Credit: ${formatMoneyTotals(some, '')}`;
}

/** The signed-in patient's credit as the portal says it; null while it loads, on a failure, or when none. */
export function useCreditText(): string | null {
  const load = useQuery('my-credit', () => answer(api.Budgets.credit.$get()));
  return load.state === 'ready' ? creditText(load.data) : null;
}

/**
 * The patient's credit (refunds kept as a credit for the next budget), on Payments and the home
 * page; nothing while it loads, when it fails or when there is none (the budgets say what is due).
 */
export function CreditLine({ className }: { className?: string }): ReactElement | null {
  const text = useCreditText();
  if (text === null) return null;
  return (
    <p className={className} role="note">
      {text}{' '}
      <span className="muted">(your next budget uses it first; the clinic can apply it to one you have)</span>
    </p>
  );
}
