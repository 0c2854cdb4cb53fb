import { defineScreens } from '@clinic/kit/screens';
import budgets from '../../mf-budgets/src/screens';

/**
 * mf-budgets' screens and one more, with a sidebar entry: deployed alone, such a build proves that
 * a remote adds a screen without the shell being rebuilt.
 */
export default defineScreens('budgets', [
  ...budgets.screens,
  {
    path: '/home/budget-report',
    userType: 'Medic',
    title: 'Budget report',
    sidebar: { label: 'Budget report', place: 55 },
    load: () => import('./BudgetReport').then((m) => m.BudgetReport),
  },
]);
