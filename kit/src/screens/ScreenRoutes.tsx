import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement, Suspense } from 'react';
import { NotFound } from '../page/NotFound';
import { Route, Routes } from '../router';
import { Spinner } from '../spinner/Spinner';
import { HOME, type Screen } from './declarations';

interface ScreenRoute {
  path: string;
  title: string;
  Component: LazyExoticComponent<ComponentType<{ title: string }>>;
}

/**
 * A remote's exposed `./routes` component, made from its screen declarations: the same list the
 * shell reads in screens.json, so a screen is added, renamed or removed in one place.
 * Paths become relative to /home, where the shell (or the standalone page) mounts the area.
 */
export function screenRoutes(screens: readonly Screen[]): ComponentType {
  const routes: ScreenRoute[] = screens.map((screen) => ({
    path: screen.path.slice(HOME.length + 1),
    title: screen.title,
    Component: lazy(() => screen.load().then((component) => ({ default: component }))),
  }));
  return function AreaRoutes(): ReactElement {
    return (
      <Suspense fallback={<Spinner />}>
        <Routes>
          {routes.map(({ path, title, Component }) =>
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
  };
}
