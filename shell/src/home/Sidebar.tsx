import { Link, NavLink, signOut, useNavigate } from '@clinic/kit';
import type { ReactElement } from 'react';
import type { HomeTable, SidebarLink } from './compose';
import styles from './Sidebar.module.css';

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${styles.link} ${styles.active}` : `${styles.link}`;
}

export interface SidebarProps {
  /** The remotes' declared entries, in place order. */
  items: readonly SidebarLink[];
  /** Remotes whose entries could not be read: each shows as unavailable, with Retry. */
  unavailable: HomeTable['unavailable'];
  onRetry: () => void;
  open: boolean;
}

/** The user type's sidebar: the remotes' entries, client-side links; Sign out, last, ends the session. */
export function Sidebar({ items, unavailable, onRetry, open }: SidebarProps): ReactElement {
  const navigate = useNavigate();
  return (
    <nav id="sidebar" className={`${styles.sidebar} ${open ? styles.open : ''}`} aria-label="Main">
      {/* The dark column runs the page's full height; its links stay in view as the page scrolls. */}
      <div className={styles.inner}>
        <div className={styles.brand}>Clinic</div>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {unavailable.map(({ remote, area }) => (
            <li key={remote} className={styles.unavailable} data-remote={remote}>
              <span>{area} is unavailable</span>
              <button type="button" className={styles.retry} onClick={onRetry}>
                Retry
              </button>
            </li>
          ))}
          <li>
            <Link
              to="/"
              className={`${styles.link} ${styles.signOut}`}
              onClick={(event) => {
                event.preventDefault();
                void signOut().then(() => navigate('/'));
              }}
            >
              Sign out
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}
