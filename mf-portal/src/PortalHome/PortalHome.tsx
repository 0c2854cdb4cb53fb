import { $session, Page } from '@clinic/kit';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import styles from './PortalHome.module.css';

/** /home (patient): welcome with the patient's full name. */
export function PortalHome(): ReactElement {
  const session = useStore($session);
  return (
    <Page title="Home" width="narrow">
      {session ? (
        <p className={styles.welcome}>
          Welcome, {session.name} {session.lastName}
        </p>
      ) : null}
    </Page>
  );
}
