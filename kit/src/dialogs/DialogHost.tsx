import { useStore } from '@nanostores/react';
import { Component, lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { ConnectionNotice } from './ConnectionNotice';
import { $dialogs } from './dialogs';
import { PlainDialog } from './PlainDialog';
import { ToastRegion } from './ToastRegion';
// The pop-ups' styles ship with the shell (PlainDialog and DialogView share them), so an error
// shown while the server is down is never left without them.
import './DialogView.module.css';

// Radix Dialog is ~15 KB gzip: keep it out of the first paint and fetch it with the first pop-up.
const loadView = () => import('./DialogView');
let DialogView = lazy(loadView);

/**
 * The pop-up's own code could not be fetched (the network or the server is down right then): the
 * pop-up is drawn by PlainDialog instead, which ships with the shell, and the next pop-up tries to
 * fetch the code again. Without this, the failed fetch unmounted the whole app (a blank page).
 */
class WhenViewFails extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    DialogView = lazy(loadView);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Renders the pop-ups opened with notify()/confirm(), oldest first, the live region of the
 * success toasts (always in the page, so screen readers announce what appears in it) and the
 * offline / back online notice. Mount it once, in the shell.
 */
export function DialogHost(): ReactElement {
  const dialogs = useStore($dialogs);
  const current = dialogs[0];
  return (
    <>
      <ToastRegion />
      <ConnectionNotice />
      {current ? (
        <WhenViewFails key={current.id} fallback={<PlainDialog dialog={current} />}>
          <Suspense fallback={null}>
            <DialogView dialog={current} />
          </Suspense>
        </WhenViewFails>
      ) : null}
    </>
  );
}
