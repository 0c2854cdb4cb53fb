// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoff, FALLBACK_MS, useLiveTurns } from './useLiveTurns';

/** A stand-in for the browser's WebSocket: the test opens, feeds and drops it. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const WEEK = { from: '2026-12-07', to: '2026-12-13' };
const last = () => FakeSocket.all.at(-1) as FakeSocket;

describe('useLiveTurns', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one socket on the dates shown and moves only for a notice on one of them', () => {
    const { result } = renderHook(() => useLiveTurns(WEEK));
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toMatch(/^ws:\/\/[^/]+\/api\/turns\/live\?from=2026-12-07&to=2026-12-13$/);
    act(() => last().open());
    expect(result.current[0]).toBe(0);
    act(() => last().receive({ dates: ['2026-12-20'], ids: [4] }));
    act(() => last().receive('pong'));
    act(() => last().receive({ watching: WEEK }));
    expect(result.current[0]).toBe(0);
    act(() => last().receive({ dates: ['2026-12-06', '2026-12-09'], ids: [5] }));
    expect(result.current[0]).toBe(1);
  });

  it('names the dates changed since a tick, within the dates shown; a refresh or a gap asks for everything', () => {
    const { result } = renderHook(() => useLiveTurns(WEEK));
    act(() => last().open());
    const changesSince = () => result.current[2];
    expect(changesSince()(0)).toEqual([]);
    act(() => last().receive({ dates: ['2026-12-09'], ids: [1] }));
    act(() => last().receive({ dates: ['2026-12-01', '2026-12-11'], ids: [2] }));
    expect(result.current[0]).toBe(2);
    expect(changesSince()(0)).toEqual(['2026-12-09', '2026-12-11']);
    expect(changesSince()(1)).toEqual(['2026-12-11']);
    expect(changesSince()(2)).toEqual([]);
    // the screen's own write names its dates
    act(() => result.current[1](['2026-12-12']));
    expect(changesSince()(2)).toEqual(['2026-12-12']);
    // a refresh without dates (a reconnect, the fallback): everything after it
    act(() => result.current[1]());
    expect(changesSince()(3)).toBeNull();
    expect(changesSince()(0)).toBeNull();
    act(() => last().receive({ dates: ['2026-12-10'], ids: [3] }));
    expect(changesSince()(4)).toEqual(['2026-12-10']);
    // a screen further behind than the notices kept reads everything again
    for (let i = 0; i < 60; i++) act(() => last().receive({ dates: ['2026-12-08'], ids: [4] }));
    expect(changesSince()(4)).toBeNull();
    expect(changesSince()(61)).toEqual(['2026-12-08']);
  });

  it('reads nothing while idle: no poll, and focus changes nothing while the socket is open', () => {
    const { result } = renderHook(() => useLiveTurns(WEEK));
    act(() => last().open());
    act(() => vi.advanceTimersByTime(10 * FALLBACK_MS));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current[0]).toBe(0);
    // the keep-alive goes on the socket, answered by the object without a read
    expect(last().sent.filter((m) => m === 'ping').length).toBeGreaterThan(0);
  });

  it('tells the open socket of new dates instead of reconnecting', () => {
    const { rerender } = renderHook(({ watch }) => useLiveTurns(watch), { initialProps: { watch: WEEK } });
    act(() => last().open());
    rerender({ watch: { from: '2026-12-14', to: '2026-12-20' } });
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().sent).toContain(JSON.stringify({ watch: { from: '2026-12-14', to: '2026-12-20' } }));
  });

  it('after a drop: polls once a minute, reconnects with backoff, refetches once when back', () => {
    const { result } = renderHook(() => useLiveTurns(WEEK));
    act(() => last().open());
    act(() => last().drop());
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(backoff(1)));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => last().drop());
    act(() => vi.advanceTimersByTime(backoff(2) - 1));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(3);
    expect(result.current[0]).toBe(0);
    act(() => last().open());
    expect(result.current[0]).toBe(1);
    expect(backoff(10)).toBe(30_000);
  });

  it('without WebSockets: refreshes once a minute and when the window regains focus', () => {
    vi.stubGlobal('WebSocket', undefined);
    const { result } = renderHook(() => useLiveTurns(WEEK));
    act(() => vi.advanceTimersByTime(FALLBACK_MS - 1));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current[0]).toBe(2);
  });

  it('closes its socket once unmounted and does not reconnect', () => {
    const { unmount } = renderHook(() => useLiveTurns(WEEK));
    act(() => last().open());
    unmount();
    expect(last().closed).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
