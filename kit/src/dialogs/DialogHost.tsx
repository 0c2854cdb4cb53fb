import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { $dialogs } from './dialogs';

// Radix Dialog is ~15 KB gzip: keep it out of the first paint and fetch it with the first pop-up.
const DialogView = lazy(() => import('./DialogView'));

/** Renders the pop-ups opened with notify()/confirm(), oldest first. Mount it once, in the shell. */
export function DialogHost(): ReactElement | null {
  const dialogs = useStore($dialogs);
  const current = dialogs[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <DialogView key={current.id} dialog={current} />
    </Suspense>
  );
}
