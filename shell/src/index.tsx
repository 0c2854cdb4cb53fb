// The entry itself: the federation runtime sets up the shared singletons before it runs
// (experiments.asyncStartup in module-federation.config.ts), so no async boundary is needed.
import '@clinic/kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
