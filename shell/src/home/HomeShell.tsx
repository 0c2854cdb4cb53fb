import {
  $session,
  $sessionStatus,
  ClinicSetupRedirect,
  isPatient,
  loadSession,
  Navigate,
  NotFound,
  Spinner,
  useLocation,
} from '@clinic/kit';
import { useStore } from '@nanostores/react';
import {
  type Dispatch,
  type ReactElement,
  type SetStateAction,
  startTransition,
  useCallback,
  useEffect,
  useState,
} from 'react';
import { RemoteArea, RemoteError } from '../remotes/RemoteArea';
import { AwaitingApproval } from './AwaitingApproval/AwaitingApproval';
import { CompleteInfoNotice } from './AwaitingApproval/CompleteInfoNotice';
import { screenAt, userTypeOf } from './compose';
import { Header, MENU_BUTTON_ID } from './Header';
import styles from './HomeShell.module.css';
import { Sidebar } from './Sidebar';
import { useHomeScreens } from './useHomeScreens';

/**
 * /home/*: checks the session, reads the declarations of the remotes serving the user type, then
 * frames the remote that owns the path with header and sidebar.
 */
export function HomeShell(): ReactElement {
  const session = useStore($session);
  const status = useStore($sessionStatus);
  const { pathname } = useLocation();
  const [checked, setChecked] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [menuOpen, setMenuOpen] = useMenuDrawer(pathname);
  const home = useHomeScreens(checked && session ? userTypeOf(session.userType) : null);

  const check = useCallback((): void => {
    setCheckFailed(false);
    loadSession().then(
      () => startTransition(() => setChecked(true)),
      () => setCheckFailed(true),
    );
  }, []);

  useEffect(check, [check]);

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
  // A self-registered medic signs in only to the waiting page until approved.
  if (session.userType === 'Medic' && session.approved === false) {
    return <AwaitingApproval name={`${session.name} ${session.lastName}`} />;
  }

  if (home.status === 'failed') return <RemoteError onRetry={home.retry} />;
  if (home.status === 'loading') {
    return (
      <div className={styles.center}>
        <Spinner />
      </div>
    );
  }

  const { table, retry } = home;
  const routed = screenAt(table, pathname);
  // A path no declaration claims: maybe an unavailable remote's, or none at all.
  const title =
    routed?.screen.title ?? (table.unavailable.length > 0 ? 'Area unavailable' : 'Page not found');
  return (
    <div className={styles.layout} data-menu-open={menuOpen || undefined}>
      {/* The first Tab stop: keyboard users skip the sidebar and the header on every page. */}
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {isPatient(session) ? null : <ClinicSetupRedirect />}
      {session.incomplete ? <CompleteInfoNotice /> : null}
      <Sidebar items={table.sidebar} unavailable={table.unavailable} onRetry={retry} open={menuOpen} />
      {menuOpen ? (
        // The drawer's backdrop (narrow screens only): a tap outside the menu closes it. Keyboard
        // users close it with Escape or the menu button, so the backdrop itself is not a control.
        // biome-ignore lint/a11y/noStaticElementInteractions: pointer-only twin of Escape
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
        <div
          className={styles.backdrop}
          data-testid="menu-backdrop"
          onClick={() => {
            setMenuOpen(false);
            document.getElementById(MENU_BUTTON_ID)?.focus();
          }}
        />
      ) : null}
      <div className={styles.main}>
        <Header
          title={title}
          buttons={table.headerButtons}
          identity={session}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((open) => !open)}
        />
        <main className={styles.content} id="content" inert={menuOpen}>
          {routed ? (
            <RemoteArea key={routed.remote} name={routed.remote} />
          ) : table.unavailable.length > 0 ? (
            <RemoteError onRetry={retry} />
          ) : (
            <NotFound />
          )}
        </main>
      </div>
    </div>
  );
}

/**
 * The phone's menu drawer: open or not. It closes on every navigation; once open it takes the focus
 * (its first link, the page behind it inert meanwhile), and Escape closes it and gives the focus back
 * to the menu button.
 */
function useMenuDrawer(pathname: string): [boolean, Dispatch<SetStateAction<boolean>>] {
  const [menuOpen, setMenuOpen] = useState(false);
  // Close the mobile menu whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [pathname]);

  // The opened drawer takes the focus (its first link); the page behind it is inert meanwhile, so
  // Tab goes through the drawer's links and the header's controls, not the content under the backdrop.
  useEffect(() => {
    if (menuOpen) document.querySelector<HTMLElement>('#sidebar a[href]')?.focus();
  }, [menuOpen]);

  // Escape closes the open menu drawer and puts the focus back on the menu button.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  return [menuOpen, setMenuOpen];
}
