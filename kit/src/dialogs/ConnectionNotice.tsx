import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useState } from 'react';
import styles from './ConnectionNotice.module.css';

/** How long "Back online" stays. */
const BACK_ONLINE_MS = 4000;

/**
 * Says when the browser loses the network and when it is back: one polite live region, always in
 * the page so screen readers announce what appears in it, empty (and hidden) otherwise.
 */
export function ConnectionNotice(): ReactElement {
  const [state, setState] = useState<'online' | 'offline' | 'back'>(() =>
    globalThis.navigator?.onLine === false ? 'offline' : 'online',
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      setState('back');
      clearTimeout(timer);
      timer = setTimeout(() => setState('online'), BACK_ONLINE_MS);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  const text = state === 'offline' ? MSG.offline : state === 'back' ? MSG.backOnline : '';
  return (
    <div
      className={`${styles.notice} ${state === 'back' ? styles.online : ''}`}
      role="status"
      aria-live="polite"
      aria-label="Connection"
    >
      {text}
    </div>
  );
}
