import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

export interface BudgetListProps {
  /** 'Budgets' at /home/budget, 'Payments' at /home/payments (the medic's payments view). */
  title: string;
}

/** /home/budget and /home/payments (medic). */
export function BudgetList({ title }: BudgetListProps): ReactElement {
  return <Page title={title} />;
}
