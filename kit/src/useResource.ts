import { MSG } from '@clinic/worker/contract';
import { useEffect, useState } from 'react';
import { ApiError, request } from './api';

/** One GET's state on a screen: loading, its error's msg (SPEC §8: a 404 shows the server's msg), or the data. */
export type Resource<T> =
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'ready'; data: T };

/**
 * GETs `path` (under /api) and re-reads it when the path changes; `null` waits (a path that needs
 * the session, say). A late answer for an older path is dropped. With `notFoundValue`, a 404 is
 * that value (an optional record, such as a clinical history not filled in yet), not an error.
 */
export function useResource<T>(path: string | null, notFoundValue?: T): Resource<T> {
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setResource({ state: 'loading' });
    request<T>('GET', path).then(
      (data) => live && setResource({ state: 'ready', data }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404 && notFoundValue !== undefined) {
          setResource({ state: 'ready', data: notFoundValue });
        } else {
          setResource({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [path, notFoundValue]);
  return resource;
}
