import { $session, Link, Page } from '@clinic/kit';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import styles from './PortalHome.module.css';
import { patientWelcome } from './welcome';

const SHORTCUTS: readonly [to: string, label: string, hint: string][] = [
  ['/home/data', 'My data', 'What the clinic knows about you'],
  ['/home/PatientCH', 'Clinic history', 'Your health questionnaire, and its PDF'],
  ['/home/evolutionsNStudies', 'Evolutions and studies', 'Your visit notes and exam files'],
  ['/home/updatePassword', 'Update password', 'Change the password you sign in with'],
];

/** /home (patient): welcome with the patient's full name, and the way to their records. */
export function PortalHome(): ReactElement {
  const session = useStore($session);
  return (
    <Page title="Home" width="narrow">
      {session ? <p className={styles.welcome}>{patientWelcome(session)}</p> : null}
      <ul className={styles.shortcuts} aria-label="Shortcuts">
        {SHORTCUTS.map(([to, label, hint]) => (
          <li key={to}>
            <Link className={styles.shortcut} to={to}>
              <strong>{label}</strong>
              <span className="muted">{hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
