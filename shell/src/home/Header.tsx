import { ClinicBrand, type Identity, SCREEN_HEADING_ID, useNavigate, useScreen } from '@clinic/kit';
import type { ReactElement } from 'react';
import type { SidebarLink } from './compose';
import styles from './Header.module.css';

/** The menu button's id: Escape in the open drawer gives it the focus back. */
export const MENU_BUTTON_ID = 'menu-button';

export interface HeaderProps {
  title: string;
  /** Buttons the remotes declare for the header (the Payments button). */
  buttons: readonly SidebarLink[];
  identity: Identity;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Title of the current screen, who is signed in, the buttons the remotes declare (Payments). */
export function Header({ title, buttons, identity, menuOpen, onToggleMenu }: HeaderProps): ReactElement {
  const navigate = useNavigate();
  useScreen(title);
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.menuButton}
        id={MENU_BUTTON_ID}
        aria-expanded={menuOpen}
        aria-controls="sidebar"
        onClick={onToggleMenu}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Menu</span>
      </button>
      <ClinicBrand />
      <h1 className={styles.title} id={SCREEN_HEADING_ID} tabIndex={-1}>
        {title}
      </h1>
      <span className={styles.user}>
        {identity.name} {identity.lastName}
      </span>
      {buttons.map(({ label, to }) => (
        <button key={to} type="button" className="btn btn-secondary" onClick={() => navigate(to)}>
          {label}
        </button>
      ))}
    </header>
  );
}
