import '@clinic/kit/styles.css';
import { BrowserRouter, DialogHost, Navigate, Route, Routes } from '@clinic/kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import PortalRoutes from './routes';

// Standalone harness for `npm run dev -w mf-portal`: the shell normally mounts these routes.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/home/*" element={<PortalRoutes />} />
          <Route path="*" element={<Navigate to="/home" replace />} />
        </Routes>
        <DialogHost />
      </BrowserRouter>
    </StrictMode>,
  );
}
