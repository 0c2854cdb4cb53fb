import { type ReactElement, useState } from 'react';
import { answer, api } from '../api';
import { notify } from '../dialogs/dialogs';
import { notifyFailure } from '../dialogs/notifyFailure';
import { LoadFailed } from '../page/LoadFailed';
import { useQuery } from '../useQuery';
import styles from './SecondFactor.module.css';

const when = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short', hour12: false });

/**
 * 'Sessions' in Update My Info (medic) and My data (patient): each open session with when it
 * started and was last used, its browser and approximate place; 'Sign out' on each other one and
 * 'Sign out everywhere else'.
 */
export function SessionsSection(): ReactElement {
  const [tick, setTick] = useState(0);
  const sessions = useQuery('sessions', () => answer(api.sessions.$get()), { tick });
  const [busy, setBusy] = useState(false);

  async function end(run: () => Promise<{ msg: string }>): Promise<void> {
    setBusy(true);
    try {
      const { msg } = await run();
      await notify({ title: msg, icon: 'success' });
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
      setTick((t) => t + 1);
    }
  }

  const others = sessions.state === 'ready' ? sessions.data.filter((s) => !s.current).length : 0;
  return (
    <section aria-labelledby="sessions-title" className={styles.section}>
      <h2 id="sessions-title">Sessions</h2>
      {sessions.state === 'loading' ? <p className="muted">Loading...</p> : null}
      {sessions.state === 'error' ? <LoadFailed resource={sessions} /> : null}
      {sessions.state === 'ready' ? (
        <div className="table-scroll">
          <table className="table table-stack">
            <caption className="muted">Where your account is signed in now</caption>
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Place</th>
                <th scope="col">Started</th>
                <th scope="col">Last used</th>
                <th scope="col">Sign out</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id}>
                  <td data-label="Browser">{s.browser}</td>
                  <td data-label="Place">{s.place}</td>
                  <td data-label="Started">{when(s.startedAt)}</td>
                  <td data-label="Last used">{when(s.lastUsedAt)}</td>
                  <td>
                    {s.current ? (
                      <span className="muted">This session</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        disabled={busy}
                        aria-label={`Sign out ${s.browser}, started ${when(s.startedAt)}`}
                        onClick={() =>
                          void end(() => answer(api.sessions[':id'].$delete({ param: { id: s.id } })))
                        }
                      >
                        Sign out
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy || others === 0}
        onClick={() => void end(() => answer(api.sessions.$delete()))}
      >
        Sign out everywhere else
      </button>
    </section>
  );
}
