import { Route, Routes } from '@clinic/kit';
import type { ReactElement } from 'react';
import { AddBudget } from './AddBudget/AddBudget';
import { BudgetList } from './BudgetList/BudgetList';
import { BudgetSummary } from './BudgetSummary/BudgetSummary';
import { NotFound } from './NotFound/NotFound';

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function BudgetsRoutes(): ReactElement {
  return (
    <Routes>
      <Route path="budget" element={<BudgetList title="Budgets" />} />
      <Route path="payments" element={<BudgetList title="Payments" />} />
      <Route path="addBudget" element={<AddBudget />} />
      <Route path="updateBudget/:budgetID" element={<BudgetSummary />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
