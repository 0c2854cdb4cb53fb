import { MSG } from '@clinic/worker/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

/** One GET's state on a screen: loading, its error's msg (a 404 shows the server's msg), or the data. */
export type Resource<T> =
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'ready'; data: T };

/**
 * Loads `key` with `load`; a new key starts from 'loading', while a new `tick` re-reads the same
 * key keeping what is on screen until the answer arrives (and if that refresh fails). A late
 * answer for an older key is dropped, and the answer of an older key is never returned for a new
 * one, not even for the render before the new load starts. `null` waits (a key that needs the
 * session, say).
 */
function useLoad<T>(key: string | null, load: (key: string) => Promise<T>, tick: number): Resource<T> {
  const [held, setHeld] = useState<{ key: string | null; resource: Resource<T> }>({
    key: null,
    resource: { state: 'loading' },
  });
  const loader = useRef(load);
  loader.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick re-reads the same key on purpose
  useEffect(() => {
    if (key === null) return;
    let live = true;
    loader.current(key).then(
      (data) => {
        if (live) setHeld({ key, resource: { state: 'ready', data } });
      },
      (err: unknown) => {
        if (!live) return;
        const msg = err instanceof ApiError ? err.msg : MSG.somethingWentWrong;
        // A failed refresh keeps the data on screen.
        setHeld((old) =>
          old.key === key && old.resource.state === 'ready'
            ? old
            : { key, resource: { state: 'error', msg } },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  return held.key === key ? held.resource : { state: 'loading' };
}

/** Options of `useQuery`: `tick` (see `useLiveTurns`) re-reads; `notFound` turns a 404 into that value. */
export interface QueryOptions<T> {
  tick?: number;
  notFound?: T;
}

/**
 * The one loading hook: runs `load` (a typed call through `answer`/`answerAll`) for `key`, a string
 * naming what is asked (`patient:${id}`); a new key starts from 'loading' and drops any late answer
 * to an older key, so a screen never shows the answer of a request it has moved on from. `null`
 * waits. With `notFound`, a 404 is that value (an optional record), not an error.
 */
export function useQuery<T>(
  key: string | null,
  load: () => Promise<T>,
  { tick = 0, notFound }: QueryOptions<T> = {},
): Resource<T> {
  return useLoad(
    key,
    () =>
      load().catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404 && notFound !== undefined) return notFound;
        throw err;
      }),
    tick,
  );
}
