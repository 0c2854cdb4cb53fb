import { MSG } from '@clinic/worker/contract';
import { startTransition, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

/**
 * One GET's state on a screen: loading, its error's msg (a 404 shows the server's msg), or the
 * data. A failure worth trying again (no answer, or the server's own fault) carries `retry`.
 */
export type Resource<T> =
  | { state: 'loading' }
  | { state: 'error'; msg: string; retry?: () => void }
  | { state: 'ready'; data: T };

/** What a failed read says: the server's msg; no answer at all says so in words, not the browser's. */
function failedRead(err: unknown): { msg: string; network: boolean; again: boolean } {
  if (!(err instanceof ApiError)) return { msg: MSG.somethingWentWrong, network: false, again: true };
  if (err.status === 0) return { msg: MSG.loadNetworkFailure, network: true, again: true };
  return { msg: err.msg, network: false, again: err.status >= 500 };
}

/**
 * Loads `key` with `load`; a new key starts from 'loading', while a new `tick` re-reads the same
 * key keeping what is on screen until the answer arrives (and if that refresh fails). A late
 * answer for an older key is dropped, and the answer of an older key is never returned for a new
 * one, not even for the render before the new load starts. `null` waits (a key that needs the
 * session, say).
 */
function useLoad<T>(key: string | null, load: (key: string) => Promise<T>, tick: number): Resource<T> {
  const [held, setHeld] = useState<{ key: string | null; resource: Resource<T>; offline?: boolean }>({
    key: null,
    resource: { state: 'loading' },
  });
  // a Retry, or the browser back online: the same key read again, from 'loading'
  const [attempt, setAttempt] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick or attempt re-reads the same key on purpose
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const retry = (): void => {
      if (!live) return;
      setHeld({ key, resource: { state: 'loading' } });
      setAttempt((n) => n + 1);
    };
    loader.current(key).then(
      (data) => {
        // The answer's render is a transition: in slices, so a long list never blocks a slow phone.
        if (live) startTransition(() => setHeld({ key, resource: { state: 'ready', data } }));
      },
      (err: unknown) => {
        if (!live) return;
        const { msg, network, again } = failedRead(err);
        // A failed refresh keeps the data on screen.
        setHeld((old) =>
          old.key === key && old.resource.state === 'ready'
            ? old
            : { key, resource: { state: 'error', msg, ...(again ? { retry } : {}) }, offline: network },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [key, tick, attempt]);
  // A read the network lost is read again once the browser is back online.
  const retryOnline =
    held.key === key && held.offline && held.resource.state === 'error' ? held.resource.retry : undefined;
  useEffect(() => {
    if (!retryOnline) return;
    window.addEventListener('online', retryOnline);
    return () => window.removeEventListener('online', retryOnline);
  }, [retryOnline]);
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
