// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefresh } from './useRefresh';

// Turn lists refresh every 10 s and when the window regains focus; hidden tabs do not poll.
describe('useRefresh', () => {
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('moves once per interval, not before', () => {
    const { result } = renderHook(() => useRefresh(10_000));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(1);
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current[0]).toBe(3);
  });

  it('moves when the window regains focus and when refresh() is called', () => {
    const { result } = renderHook(() => useRefresh(10_000));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(2);
  });

  it('does not poll while the tab is hidden', () => {
    const { result } = renderHook(() => useRefresh(10_000));
    visibility = 'hidden';
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current[0]).toBe(0);
    visibility = 'visible';
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current[0]).toBe(1);
  });

  it('stops polling and listening once unmounted', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useRefresh(10_000));
    const onFocus = added.mock.calls.find(([type]) => type === 'focus')?.[1];
    expect(onFocus).toBeTypeOf('function');
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith('focus', onFocus);
  });
});
