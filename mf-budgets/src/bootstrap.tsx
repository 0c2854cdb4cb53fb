import '@clinic/kit/styles.css';
import { BrowserRouter, DialogHost, Navigate, Route, Routes } from '@clinic/kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import BudgetsRoutes from './routes';

// Standalone harness for `npm run dev -w mf-budgets`: the shell normally mounts these routes.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/home/*" element={<BudgetsRoutes />} />
          <Route path="*" element={<Navigate to="/home" replace />} />
        </Routes>
        <DialogHost />
      </BrowserRouter>
    </StrictMode>,
  );
}
