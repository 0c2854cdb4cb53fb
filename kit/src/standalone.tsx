import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DialogHost } from './dialogs/DialogHost';
import { BrowserRouter, Navigate, Route, Routes } from './router';

/**
 * A remote's own page (`npm run dev -w mf-<name>`): its routes under /home, as the shell mounts
 * them, without the shell around them.
 */
export function mountStandalone(AreaRoutes: ComponentType): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/home/*" element={<AreaRoutes />} />
          <Route path="*" element={<Navigate to="/home" replace />} />
        </Routes>
        <DialogHost />
      </BrowserRouter>
    </StrictMode>,
  );
}
