import { answer, api, confirm, notify, notifyFailure, useQuery } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';

const requests = (n: number) => `${n} pending request${n === 1 ? '' : 's'}`;

/**
 * The desk's panel for requests from accounts whose email is not confirmed (shown when any): how
 * many there are, and one button that cancels them all after a confirmation saying how many. Each
 * patient is mailed by the server.
 */
export function UnconfirmedRequests(props: {
  tick: number;
  onCancelled: (dates: string[]) => void;
}): ReactElement | null {
  const [busy, setBusy] = useState(false);
  const list = useQuery('calendar:unconfirmed', () => answer(api.turns.unconfirmed.$get()), {
    tick: props.tick,
  });
  if (list.state !== 'ready' || list.data.length === 0) return null;
  const count = list.data.length;
  const cancelAll = async () => {
    const yes = await confirm({
      title: `Cancel ${requests(count)} from accounts whose email is not confirmed?`,
      text: 'Each patient is mailed that the request was cancelled.',
      icon: 'warning',
      confirmText: MSG.cancelUnconfirmed,
      cancelText: 'Keep them',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const done = await answer(api.turns['cancel-unconfirmed'].$post());
      props.onCancelled([...new Set(list.data.map((t) => t.date))]);
      await notify({ title: `${requests(done.cancelled)} cancelled.`, icon: 'success', timer: 1500 });
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className={`card ${styles.panel} ${styles.unconfirmedPanel}`}
      aria-labelledby="unconfirmed-title"
    >
      <h3 id="unconfirmed-title">{MSG.unconfirmedEmail}</h3>
      <p>{`${requests(count)} from accounts whose email is not confirmed.`}</p>
      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void cancelAll()}>
        {MSG.cancelUnconfirmed}
      </button>
    </section>
  );
}
