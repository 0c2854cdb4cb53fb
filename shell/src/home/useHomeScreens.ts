import { $session } from '@clinic/kit';
import type { RemoteName, UserType } from '@clinic/kit/mf';
import { parseScreens, SCREENS_FILE, type ScreenDeclaration } from '@clinic/kit/screens';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { fetchRegistry, loadRemoteRoutes, loadShellShares } from '../remotes/registry';
import { composeHome, type HomeTable, type RemoteScreens, remotesFor, screenAt, userTypeOf } from './compose';

const declarations = new Map<RemoteName, Promise<ScreenDeclaration[]>>();

/** A remote's screens.json, which its build writes beside its mf-manifest.json. */
function loadDeclarations(remote: RemoteName, manifestUrl: string): Promise<ScreenDeclaration[]> {
  let pending = declarations.get(remote);
  if (!pending) {
    pending = fetch(new URL(SCREENS_FILE, new URL(manifestUrl, window.location.href)), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${SCREENS_FILE} answered ${res.status}`);
        return parseScreens(remote, await res.json());
      })
      .catch((error: unknown) => {
        declarations.delete(remote); // Retry goes back to the network
        console.error(`Remote "${remote}": its screens could not be loaded`, error);
        throw error;
      });
    declarations.set(remote, pending);
  }
  return pending;
}

/** Reads the declarations of every remote serving the user type, in parallel, and composes them. */
async function compose(userType: UserType): Promise<HomeTable> {
  const registry = await fetchRegistry();
  const remotes = remotesFor(Object.keys(registry), userType);
  const results = await Promise.all(
    remotes.map(
      (remote): Promise<RemoteScreens> =>
        loadDeclarations(remote, registry[remote] ?? '').then(
          (screens) => ({ remote, status: 'ready', screens }),
          () => ({ remote, status: 'failed' }),
        ),
    ),
  );
  return composeHome(userType, results);
}

/**
 * Starts, before the session check answers, what the page will need if the identity this browser
 * kept is still signed in: the declarations of its user type's remotes and the remote that owns
 * the path. A phone then waits for the session, the declarations and the remote side by side
 * instead of one after another. Nothing is shown from it: the frame still waits for the session
 * check, and a different or ended session only means a fetch that was not needed.
 */
export function startEarly(pathname: string): void {
  const kept = $session.get();
  if (!kept) return;
  compose(userTypeOf(kept.userType)).then(
    (table) => {
      const routed = screenAt(table, pathname);
      if (routed) loadRemoteRoutes(routed.remote).catch(() => undefined);
    },
    () => undefined,
  );
}

export type HomeScreens =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; table: HomeTable; retry: () => void };

type State = { userType: UserType | null; screens: HomeScreens };

/**
 * The signed-in user's /home area, built from the remotes' declarations. `retry` reads the
 * declarations that failed again (the others are kept).
 */
export function useHomeScreens(userType: UserType | null): HomeScreens {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ userType: null, screens: { status: 'loading' } });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // The registry and the shell's shared kit and contract are needed whoever signs in: fetch them
  // while the session is being checked.
  useEffect(() => {
    fetchRegistry().catch(() => undefined);
    loadShellShares().catch(() => undefined);
    startEarly(window.location.pathname);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) composes again
  useEffect(() => {
    if (userType === null) return;
    let cancelled = false;
    compose(userType).then(
      (table) => {
        if (!cancelled)
          startTransition(() => setState({ userType, screens: { status: 'ready', table, retry } }));
      },
      (error: unknown) => {
        console.error('The remote registry could not be read', error);
        if (!cancelled) setState({ userType, screens: { status: 'failed', retry } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userType, attempt, retry]);

  // Another user type's area is never shown, not even while this one is being composed.
  return state.userType === userType ? state.screens : { status: 'loading' };
}
