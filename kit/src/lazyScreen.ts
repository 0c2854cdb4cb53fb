import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen fetched on first use, from a module that exports it by name. Remotes keep their first
 * load small by loading only the entry screen eagerly.
 */
export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
