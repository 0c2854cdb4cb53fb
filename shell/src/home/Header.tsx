import { ClinicBrand, type Identity, useNavigate } from '@clinic/kit';
import type { ReactElement } from 'react';
import styles from './Header.module.css';

export interface HeaderProps {
  title: string;
  identity: Identity;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** Title derived from the path, the Payments button, who is signed in. */
export function Header({ title, identity, menuOpen, onToggleMenu }: HeaderProps): ReactElement {
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={menuOpen}
        aria-controls="sidebar"
        onClick={onToggleMenu}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Menu</span>
      </button>
      <ClinicBrand />
      <h1 className={styles.title}>{title}</h1>
      <span className={styles.user}>
        {identity.name} {identity.lastName}
      </span>
      <button type="button" className="btn btn-secondary" onClick={() => navigate('/home/payments')}>
        Payments
      </button>
    </header>
  );
}
