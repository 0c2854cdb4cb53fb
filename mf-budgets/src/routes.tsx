import { lazyScreen, NotFound, Route, Routes, Spinner } from '@clinic/kit';
import { type ReactElement, Suspense } from 'react';
import { BudgetList } from './BudgetList/BudgetList';

// The budgets list loads with the remote; the builder and the summary are chunks fetched on first
// use, so the remote's first load stays small (DESIGN §8).
const AddBudget = lazyScreen(() => import('./AddBudget/AddBudget'), 'AddBudget');
const BudgetSummary = lazyScreen(() => import('./BudgetSummary/BudgetSummary'), 'BudgetSummary');

/** Exposed as `./routes`: this area's screens, with paths relative to /home. */
export default function BudgetsRoutes(): ReactElement {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="budget" element={<BudgetList title="Budgets" />} />
        <Route path="payments" element={<BudgetList title="Payments" />} />
        <Route path="addBudget" element={<AddBudget />} />
        <Route path="updateBudget/:budgetID" element={<BudgetSummary />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
