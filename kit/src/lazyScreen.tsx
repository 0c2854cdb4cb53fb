import { type ComponentType, type ReactElement, startTransition, useEffect, useState } from 'react';
import { Spinner } from './spinner/Spinner';

/**
 * A component fetched on first use: a spinner until its module arrives, then the component. Not
 * `React.lazy`: React holds back the content of a Suspense boundary that showed its fallback for at
 * least 300 ms, so a screen behind one would start its first data request up to 300 ms after its
 * code had arrived. The module is asked for on the first render; a failed load is thrown to the
 * nearest error boundary, and the next mount (its Retry) asks again.
 */
export function loadable<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  function Loadable(props: P): ReactElement {
    const [component, setComponent] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    if (!component && !failure) void start().catch(() => undefined);
    useEffect(() => {
      if (component) return;
      let live = true;
      start().then(
        // The arrived screen's first render is a transition: in slices, the browser let in between.
        (arrived) => live && startTransition(() => setComponent(() => arrived)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [component]);
    if (failure) throw failure.error;
    const Component = component;
    return Component ? <Component {...props} /> : <Spinner />;
  }
  return Loadable;
}

/**
 * A screen fetched on first use, from a module that exports it by name. Remotes keep their first
 * load small by loading only the entry screen eagerly.
 */
export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return loadable(() => load().then((m) => m[name] as ComponentType));
}
