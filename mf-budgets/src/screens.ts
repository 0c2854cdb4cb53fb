import { defineScreens } from '@clinic/kit/screens';

/**
 * This remote's screens: the shell routes, titles and lists them in the sidebar from this list
 * (published as screens.json), and ./routes is made from it. Adding a screen is one entry here.
 */
export default defineScreens('budgets', [
  {
    path: '/home/budget',
    userType: 'Medic',
    title: 'Budgets',
    sidebar: { label: 'Budgets', place: 40 },
    // The area's entry screen ships with the remote (no extra chunk on first load).
    load: () => import(/* webpackMode: "eager" */ './BudgetList/BudgetList').then((m) => m.BudgetList),
  },
  {
    // The header's Payments button: a medic sees every budget under that title.
    path: '/home/payments',
    userType: 'Medic',
    title: 'Payments',
    headerButton: 'Payments',
    load: () => import(/* webpackMode: "eager" */ './BudgetList/BudgetList').then((m) => m.BudgetList),
  },
  {
    path: '/home/addBudget',
    userType: 'Medic',
    title: 'Add Budget',
    sidebar: { label: 'Add Budget', place: 50 },
    load: () => import('./AddBudget/AddBudget').then((m) => m.AddBudget),
  },
  {
    path: '/home/updateBudget/:budgetID',
    userType: 'Medic',
    title: 'Budget summary',
    load: () => import('./BudgetSummary/BudgetSummary').then((m) => m.BudgetSummary),
  },
  {
    // A pending budget changed in the builder's fields (Edit, on its summary).
    path: '/home/editBudget/:budgetID',
    userType: 'Medic',
    title: 'Edit budget',
    load: () => import('./EditBudget/EditBudget').then((m) => m.EditBudget),
  },
]);
