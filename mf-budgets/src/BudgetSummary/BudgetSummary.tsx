import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/updateBudget/:budgetID */
export function BudgetSummary(): ReactElement {
  return <Page title="Budget summary" />;
}
