import { Link, NavLink, signOut, useNavigate } from '@clinic/kit';
import type { ReactElement } from 'react';
import type { SidebarItem } from './areas';
import styles from './Sidebar.module.css';

/** Sidebar routes are written relative to /home as SPEC lists them; links need them absolute. */
function absolute(to: string): string {
  return to.startsWith('/') ? to : `/home/${to}`;
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${styles.link} ${styles.active}` : `${styles.link}`;
}

/** The user type's sidebar (SPEC §2), client-side links; Sign out ends the session first. */
export function Sidebar({ items, open }: { items: readonly SidebarItem[]; open: boolean }): ReactElement {
  const navigate = useNavigate();
  return (
    <nav id="sidebar" className={`${styles.sidebar} ${open ? styles.open : ''}`} aria-label="Main">
      <div className={styles.brand}>Clinic</div>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.label}>
            {item.action === 'signOut' ? (
              <Link
                to={item.to}
                className={`${styles.link} ${styles.signOut}`}
                onClick={(event) => {
                  event.preventDefault();
                  void signOut().then(() => navigate('/'));
                }}
              >
                {item.label}
              </Link>
            ) : (
              <NavLink to={absolute(item.to)} end className={linkClass}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
