import { useCallback, useEffect, useState } from 'react';

/**
 * A counter that moves every `intervalMs`, when the window regains focus, and when `refresh()` is
 * called: put it in a load effect's dependencies to keep a list fresh (turn lists
 * refresh every 10 s and on focus). Hidden tabs do not poll.
 */
export function useRefresh(intervalMs: number): [tick: number, refresh: () => void] {
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, intervalMs);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [intervalMs, refresh]);
  return [tick, refresh];
}
