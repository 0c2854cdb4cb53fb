// The entry itself: the federation runtime sets up the shared singletons before it runs
// (experiments.asyncStartup in module-federation.config.ts), so no async boundary is needed.
import '@clinic/kit/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
// Every render that follows a load (this first one, the session, the declarations, a remote, a
// screen's code, a read's answer) is a transition: React renders it in slices and lets the browser
// in between, instead of one task that holds a slow phone's main thread (docs/performance.md).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
