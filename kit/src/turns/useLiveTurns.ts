import type { LiveWatch } from '@clinic/worker/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE } from '../api';

/** Without a live connection a screen refreshes at most once a minute, and when the window regains focus. */
export const FALLBACK_MS = 60_000;
/** The keep-alive the clinic's object answers without waking (nothing is read for it). */
const PING_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

/** 1 s, 2 s, 4 s… up to 30 s between tries to reconnect. */
export const backoff = (failures: number): number => Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS);

/** The dates of a change notice; null for anything else on the socket (the keep-alive's answer, an acknowledgement). */
function noticeDates(data: unknown): string[] | null {
  if (typeof data !== 'string' || !data.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(data) as { dates?: unknown };
    return Array.isArray(parsed.dates)
      ? parsed.dates.filter((d): d is string => typeof d === 'string')
      : null;
  } catch {
    return null;
  }
}

function liveUrl(watch: LiveWatch): string {
  const url = new URL(`${API_BASE}/turns/live`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = new URLSearchParams({ from: watch.from, to: watch.to }).toString();
  return url.href;
}

/** Notices remembered for `changesSince`: a screen further behind reads everything again. */
const KEPT_CHANGES = 50;

/**
 * The dates changed after the tick a screen last read (`seq`): those of the notices since, or null
 * when a refresh since (a reconnect, the fallback, `refresh()` without dates) or a gap asks to read
 * everything.
 */
export type ChangesSince = (seq: number) => readonly string[] | null;

/**
 * A counter that moves when a change to turns on one of the `watch` dates is announced (the
 * clinic's live agenda, `GET /api/turns/live`) and when `refresh()` is called (after the screen's
 * own write, with the dates it changed): put it in a load effect's dependencies to keep a list of
 * turns current. An idle screen reads nothing.
 * `changesSince(tick)` names the dates announced after a tick, so a screen holding a long range
 * (the calendar's month) reads again only the days that changed.
 *
 * One WebSocket per screen; when the screen shows other dates it says so on the socket. When the
 * socket drops it reconnects with backoff and refetches once; while it is down (or where
 * WebSockets are unavailable) the screen refreshes once a minute and when the window regains focus.
 */
export function useLiveTurns(
  watch: LiveWatch | null,
): [tick: number, refresh: (dates?: readonly string[]) => void, changesSince: ChangesSince] {
  const [tick, setTick] = useState(0);
  // Each tick's cause: the dates of its notice, or null for a refresh of everything.
  const changes = useRef<{ seq: number; dates: readonly string[] | null }[]>([]);
  const seq = useRef(0);
  const advance = useCallback((dates: readonly string[] | null) => {
    seq.current += 1;
    changes.current.push({ seq: seq.current, dates });
    if (changes.current.length > KEPT_CHANGES) changes.current.shift();
    setTick(seq.current);
  }, []);
  // A screen's own write names the dates it changed; a refresh without dates rereads everything.
  const refresh = useCallback((dates?: readonly string[]) => advance(dates ?? null), [advance]);
  const changesSince = useCallback<ChangesSince>((since) => {
    const kept = changes.current;
    if (since >= seq.current) return [];
    if ((kept[0]?.seq ?? 0) > since + 1) return null;
    const dates = new Set<string>();
    for (const change of kept) {
      if (change.seq <= since) continue;
      if (change.dates === null) return null;
      for (const d of change.dates) dates.add(d);
    }
    return [...dates];
  }, []);
  const watchRef = useRef(watch);
  watchRef.current = watch;
  const socketRef = useRef<WebSocket | null>(null);
  const watching = watch !== null;

  useEffect(() => {
    if (!watching) return;
    let stopped = false;
    let live = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const poll = setInterval(() => {
      if (!live && document.visibilityState === 'visible') refresh();
    }, FALLBACK_MS);
    const ping = setInterval(() => {
      if (live) socketRef.current?.send('ping');
    }, PING_MS);
    const onFocus = () => {
      if (!live) refresh();
    };
    window.addEventListener('focus', onFocus);

    const connect = () => {
      const opened = watchRef.current;
      if (stopped || !opened || typeof WebSocket === 'undefined') return;
      const socket = new WebSocket(liveUrl(opened));
      socketRef.current = socket;
      socket.onopen = () => {
        live = true;
        // Back after a drop: what changed meanwhile was not announced to this screen.
        if (failures > 0) refresh();
        failures = 0;
        const now = watchRef.current;
        if (now && (now.from !== opened.from || now.to !== opened.to))
          socket.send(JSON.stringify({ watch: now }));
      };
      socket.onmessage = (event) => {
        const dates = noticeDates(event.data);
        const now = watchRef.current;
        const shown = dates && now ? dates.filter((d) => d >= now.from && d <= now.to) : [];
        if (shown.length > 0) advance(shown);
      };
      socket.onclose = () => {
        live = false;
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        failures += 1;
        retry = setTimeout(connect, backoff(failures));
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(poll);
      clearInterval(ping);
      window.removeEventListener('focus', onFocus);
      socketRef.current?.close(1000);
      socketRef.current = null;
    };
  }, [watching, refresh, advance]);

  // The screen moved to other dates: the open socket is told, no reconnect needed.
  const from = watch?.from;
  const to = watch?.to;
  useEffect(() => {
    const socket = socketRef.current;
    if (from && to && socket && socket.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ watch: { from, to } }));
  }, [from, to]);

  return [tick, refresh, changesSince];
}
