import { Link, SCREEN_HEADING_ID, useScreen } from '@clinic/kit';
import type { ReactElement, ReactNode } from 'react';
import styles from './PublicLayout.module.css';

export interface PublicLayoutProps {
  title: string;
  /** Shows a Back link to the root (SignUp, password screens). */
  back?: boolean;
  children?: ReactNode;
}

/** Frame of the signed-out screens: brand, a centred card with the screen's h1. */
export function PublicLayout({ title, back = false, children }: PublicLayoutProps): ReactElement {
  useScreen(title);
  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <p className={styles.brand}>Clinic</p>
        <h1 className={styles.title} id={SCREEN_HEADING_ID} tabIndex={-1}>
          {title}
        </h1>
        {children}
        {back ? (
          <p className={styles.back}>
            <Link to="/">Back</Link>
          </p>
        ) : null}
      </main>
    </div>
  );
}
