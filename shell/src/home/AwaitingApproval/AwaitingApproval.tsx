import { signOut, useNavigate } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import styles from './AwaitingApproval.module.css';

/** What a self-registered medic sees until a medic of the clinic approves them. */
export function AwaitingApproval({ name }: { name: string }): ReactElement {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="awaiting-title">
        <h1 id="awaiting-title" className={styles.title}>
          Waiting for approval
        </h1>
        <p>Welcome, {name}.</p>
        <p>{MSG.awaitingApproval}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void signOut().then(() => navigate('/', { replace: true }))}
        >
          Sign out
        </button>
      </section>
    </main>
  );
}
