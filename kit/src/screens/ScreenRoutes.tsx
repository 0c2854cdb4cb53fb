import { type ComponentType, type ReactElement, Suspense, useMemo, useSyncExternalStore } from 'react';
import { openScreenView } from '../audit/screenView';
import { loadable } from '../lazyScreen';
import { NotFound } from '../page/NotFound';
import { Route, Routes, useLocation } from '../router';
import { Spinner } from '../spinner/Spinner';
import { HOME, type Screen } from './declarations';

interface ScreenRoute {
  path: string;
  title: string;
  Component: ComponentType<{ title: string }>;
}

/**
 * A screen opened: each time its address changes (another patient), its requests start a new
 * screen view, named by the screen's path, before the screen's own effects read anything.
 */
function inView(path: string, Screen: ComponentType<{ title: string }>): ComponentType<{ title: string }> {
  return function ScreenView({ title }) {
    const { pathname } = useLocation();
    // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is a new view
    useMemo(() => openScreenView(path), [pathname]);
    return <Screen title={title} />;
  };
}

/** A remote's exposed `./routes` component (see screenRoutes). */
export type AreaRoutes = (() => ReactElement) & {
  /**
   * Renders these screens from now on, in place: a remote's dev server applies a change to its
   * screens (or to anything they import) with it, without reloading the page (its routes.tsx).
   */
  replace(screens: readonly Screen[]): void;
};

function routesOf(screens: readonly Screen[]): ScreenRoute[] {
  return screens.map((screen) => ({
    path: screen.path.slice(HOME.length + 1),
    title: screen.title,
    Component: inView(screen.path, loadable(screen.load)),
  }));
}

/**
 * A remote's exposed `./routes` component, made from its screen declarations: the same list the
 * shell reads in screens.json, so a screen is added, renamed or removed in one place.
 * Paths become relative to /home, where the shell (or the standalone page) mounts the area.
 */
export function screenRoutes(screens: readonly Screen[]): AreaRoutes {
  let routes = routesOf(screens);
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => routes;
  function AreaRoutes(): ReactElement {
    const shown = useSyncExternalStore(subscribe, current);
    return (
      <Suspense fallback={<Spinner />}>
        <Routes>
          {shown.map(({ path, title, Component }) =>
            path === '' ? (
              <Route key={path} index element={<Component title={title} />} />
            ) : (
              <Route key={path} path={path} element={<Component title={title} />} />
            ),
          )}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    );
  }
  AreaRoutes.replace = (next: readonly Screen[]) => {
    routes = routesOf(next);
    for (const listener of listeners) listener();
  };
  return AreaRoutes;
}
