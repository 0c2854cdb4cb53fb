import { $session, Page } from '@clinic/kit';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import styles from './HomeSearch.module.css';
import { medicWelcome } from './welcome';

/** /home (medic): welcome line, then the patient search and the patient cards. */
export function HomeSearch(): ReactElement {
  const session = useStore($session);
  return (
    <Page title="Home">{session ? <p className={styles.welcome}>{medicWelcome(session)}</p> : null}</Page>
  );
}
