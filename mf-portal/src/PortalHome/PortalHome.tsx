import { $session, Link, Page } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { useDependants } from '../useDependants';
import styles from './PortalHome.module.css';
import { patientWelcome } from './welcome';

const SHORTCUTS: readonly [to: string, label: string, hint: string][] = [
  ['/home/data', 'My data', 'What the clinic knows about you'],
  ['/home/PatientCH', 'Clinic history', 'Your health questionnaire, and its PDF'],
  ['/home/evolutionsNStudies', 'Evolutions and studies', 'Your visit notes and exam files'],
  ['/home/updatePassword', 'Update password', 'Change the password you sign in with'],
];

/** /home (patient): welcome with the patient's full name, the way to their records, and their dependants. */
export function PortalHome(): ReactElement {
  const session = useStore($session);
  const dependants = useDependants();
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
      {dependants.state === 'ready' && dependants.data.length > 0 ? (
        <section className={styles.dependants} aria-labelledby="dependants-title">
          <h3 id="dependants-title">{MSG.dependants}</h3>
          <ul className={styles.shortcuts}>
            {dependants.data.map((d) => (
              <li key={d.ID}>
                <Link className={styles.shortcut} to={`/home/appointment?for=${d.ID}`}>
                  <strong>{d.fullName}</strong>
                  <span className="muted">Request a consultation for {d.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : dependants.state === 'error' ? (
        <p role="alert">{dependants.msg}</p>
      ) : null}
    </Page>
  );
}
