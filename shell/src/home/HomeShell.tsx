import {
  $session,
  $sessionStatus,
  ClinicSetupRedirect,
  isPatient,
  loadSession,
  Navigate,
  Spinner,
  useLocation,
} from '@clinic/kit';
import { useStore } from '@nanostores/react';
import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { RemoteArea } from '../remotes/RemoteArea';
import { AwaitingApproval } from './AwaitingApproval/AwaitingApproval';
import { CompleteInfoNotice } from './AwaitingApproval/CompleteInfoNotice';
import { areaFor, remoteFor, titleFor } from './areas';
import { Header } from './Header';
import styles from './HomeShell.module.css';
import { Sidebar } from './Sidebar';

/** /home/*: checks the session, then frames the owning remote with header and sidebar. */
export function HomeShell(): ReactElement {
  const session = useStore($session);
  const status = useStore($sessionStatus);
  const { pathname } = useLocation();
  const [checked, setChecked] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  const check = useCallback((): void => {
    setCheckFailed(false);
    loadSession().then(
      () => setChecked(true),
      () => setCheckFailed(true),
    );
  }, []);

  useEffect(check, [check]);

  // Close the mobile menu whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [pathname]);

  if (checkFailed) {
    return (
      <div className={styles.center} role="alert">
        <p>We could not check your session.</p>
        <button type="button" className="btn btn-primary" onClick={check}>
          Retry
        </button>
      </div>
    );
  }
  if (!checked || status === 'checking') {
    return (
      <div className={styles.center}>
        <Spinner />
      </div>
    );
  }
  if (status === 'signed-out' || !session) return <Navigate to="/" replace />;
  // DESIGN §7.10: a self-registered medic signs in only to the waiting page until approved.
  if (session.userType === 'Medic' && session.approved === false) {
    return <AwaitingApproval name={`${session.name} ${session.lastName}`} />;
  }

  const area = areaFor(session.userType);
  const remote = remoteFor(area, pathname);
  return (
    <div className={styles.layout} data-menu-open={menuOpen || undefined}>
      {/* The first Tab stop: keyboard users skip the sidebar and the header on every page. */}
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {isPatient(session) ? null : <ClinicSetupRedirect />}
      {session.incomplete ? <CompleteInfoNotice /> : null}
      <Sidebar items={area.sidebar} open={menuOpen} />
      <div className={styles.main}>
        <Header
          title={titleFor(area, pathname)}
          identity={session}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((open) => !open)}
        />
        <main className={styles.content} id="content">
          <RemoteArea key={remote} name={remote} />
        </main>
      </div>
    </div>
  );
}
