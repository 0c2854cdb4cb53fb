// @vitest-environment happy-dom

import { MSG } from '@clinic/worker/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ApiError } from './api';
import { useQuery } from './useQuery';

/** A promise the test settles by hand, to answer requests in any order. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (err: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useQuery', () => {
  test("a late answer for an older key is dropped: the screen shows the newer key's answer", async () => {
    const asked = new Map<string, ReturnType<typeof deferred<string>>>();
    const load = (key: string) => () => {
      const d = deferred<string>();
      asked.set(key, d);
      return d.promise;
    };
    const { result, rerender } = renderHook(({ key }) => useQuery(key, load(key)), {
      initialProps: { key: 'treatments:0' },
    });
    rerender({ key: 'treatments:1' });
    expect(result.current).toEqual({ state: 'loading' });

    await act(async () => asked.get('treatments:1')?.resolve('page 1'));
    expect(result.current).toEqual({ state: 'ready', data: 'page 1' });
    // The first request answers last: nothing changes.
    await act(async () => asked.get('treatments:0')?.resolve('page 0'));
    expect(result.current).toEqual({ state: 'ready', data: 'page 1' });
  });

  test("a new key starts from 'loading', never showing the older key's data meanwhile", async () => {
    const { result, rerender } = renderHook(({ key }) => useQuery(key, async () => `rows of ${key}`), {
      initialProps: { key: 'q:ana' },
    });
    await act(async () => undefined);
    expect(result.current).toEqual({ state: 'ready', data: 'rows of q:ana' });
    rerender({ key: 'q:bob' });
    expect(result.current).toEqual({ state: 'loading' });
    await act(async () => undefined);
    expect(result.current).toEqual({ state: 'ready', data: 'rows of q:bob' });
  });

  test('a new tick re-reads the same key keeping the data on screen, also when the refresh fails', async () => {
    let answers = 0;
    const d = deferred<string>();
    const load = () => (answers++ === 0 ? Promise.resolve('first') : d.promise);
    const { result, rerender } = renderHook(({ tick }) => useQuery('turns', load, { tick }), {
      initialProps: { tick: 0 },
    });
    await act(async () => undefined);
    rerender({ tick: 1 });
    expect(result.current).toEqual({ state: 'ready', data: 'first' });
    await act(async () => d.reject(new ApiError(500, 'internal', 'Down')));
    expect(result.current).toEqual({ state: 'ready', data: 'first' });
  });

  test("an error shows the server's msg; with notFound a 404 is that value", async () => {
    const failing = renderHook(() =>
      useQuery('a', () => Promise.reject(new ApiError(403, 'forbidden', 'Not yours'))),
    );
    const missing = renderHook(() =>
      useQuery<string | null>('b', () => Promise.reject(new ApiError(404, 'not_found', 'No')), {
        notFound: null,
      }),
    );
    await act(async () => undefined);
    expect(failing.result.current).toEqual({ state: 'error', msg: 'Not yours' });
    expect(missing.result.current).toEqual({ state: 'ready', data: null });
  });

  test('a read the network lost says so in words, with Retry, and reads again when the browser is back online', async () => {
    let calls = 0;
    const load = () => {
      calls++;
      return calls < 3
        ? Promise.reject(new ApiError(0, 'network', MSG.serverUnreachable))
        : Promise.resolve('rows');
    };
    const { result } = renderHook(() => useQuery('patients', load));
    await act(async () => undefined);
    expect(result.current).toMatchObject({ state: 'error', msg: MSG.loadNetworkFailure });
    expect(result.current).not.toMatchObject({ msg: 'Failed to fetch' });

    // Retry: read again from 'loading' (it fails once more)
    const first = result.current;
    await act(async () => (first.state === 'error' ? first.retry?.() : undefined));
    expect(calls).toBe(2);
    expect(result.current).toMatchObject({ state: 'error', msg: MSG.loadNetworkFailure });

    // the browser is back online: read again by itself
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await act(async () => undefined);
    expect(calls).toBe(3);
    expect(result.current).toEqual({ state: 'ready', data: 'rows' });
  });

  test("a server's refusal keeps its msg and offers no Retry; its own fault (5xx) does", async () => {
    const refused = renderHook(() =>
      useQuery('a', () => Promise.reject(new ApiError(403, 'forbidden', 'Not yours'))),
    );
    const down = renderHook(() => useQuery('b', () => Promise.reject(new ApiError(500, 'internal', 'Down'))));
    await act(async () => undefined);
    expect(refused.result.current).toEqual({ state: 'error', msg: 'Not yours' });
    expect(down.result.current).toMatchObject({ state: 'error', msg: 'Down', retry: expect.any(Function) });
    // a refusal is not read again when the browser comes online
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(refused.result.current).toEqual({ state: 'error', msg: 'Not yours' });
  });

  test('a null key waits', () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useQuery(null, async () => {
        calls++;
        return 1;
      }),
    );
    expect(result.current).toEqual({ state: 'loading' });
    expect(calls).toBe(0);
  });
});
