import { Page } from '@clinic/kit';
import { createElement, type ReactElement } from 'react';

/** The screen the budgets variant adds (see budgets-screens.ts). */
export function BudgetReport({ title }: { title: string }): ReactElement {
  return createElement(
    Page,
    { title },
    createElement('p', null, 'Budget report: a screen this remote added without the shell being rebuilt.'),
  );
}
