import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { $dialogs } from './dialogs';
import { ToastRegion } from './ToastRegion';

// Radix Dialog is ~15 KB gzip: keep it out of the first paint and fetch it with the first pop-up.
const DialogView = lazy(() => import('./DialogView'));

/**
 * Renders the pop-ups opened with notify()/confirm(), oldest first, and the live region of the
 * success toasts (always in the page, so screen readers announce what appears in it). Mount it
 * once, in the shell.
 */
export function DialogHost(): ReactElement {
  const dialogs = useStore($dialogs);
  const current = dialogs[0];
  return (
    <>
      <ToastRegion />
      {current ? (
        <Suspense fallback={null}>
          <DialogView key={current.id} dialog={current} />
        </Suspense>
      ) : null}
    </>
  );
}
