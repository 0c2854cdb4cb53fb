import { Spinner } from '@clinic/kit';
import type { RemoteName } from '@clinic/kit/mf';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactElement,
  type ReactNode,
  startTransition,
  useEffect,
  useState,
} from 'react';
import styles from './RemoteArea.module.css';
import { loadedRoutes, loadRemoteRoutes } from './registry';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Routes: ComponentType }
  | { status: 'error'; error: unknown };

export function RemoteError({ onRetry }: { onRetry: () => void }): ReactElement {
  return (
    <div className={styles.error} role="alert">
      <h2 className={styles.heading}>This area could not be loaded</h2>
      <p className={styles.text}>Check your connection and try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote that throws while rendering inside its own area. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote area crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <RemoteError
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * One remote's part of /home: spinner while its manifest and code load, an error panel with
 * Retry if that fails, the remote's <Routes> once ready. The header and sidebar stay usable.
 */
export function RemoteArea({ name }: { name: RemoteName }): ReactElement {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const Routes = loadedRoutes(name);
    return Routes ? { status: 'ready', Routes } : { status: 'loading' };
  });

  useEffect(() => {
    let cancelled = false;
    if (!loadedRoutes(name)) setState({ status: 'loading' });
    loadRemoteRoutes(name, attempt > 0).then(
      (Routes) => {
        if (!cancelled) startTransition(() => setState({ status: 'ready', Routes }));
      },
      (error: unknown) => {
        console.error(`Remote "${name}" could not be loaded`, error);
        if (!cancelled) setState({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, attempt]);

  const retry = (): void => setAttempt((n) => n + 1);

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <RemoteError onRetry={retry} />;
  const { Routes } = state;
  return (
    <RemoteBoundary key={attempt} onRetry={retry}>
      <Routes />
    </RemoteBoundary>
  );
}
