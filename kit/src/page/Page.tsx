import type { ReactElement, ReactNode } from 'react';
import styles from './Page.module.css';

export interface PageProps {
  /** The screen's title, rendered as its h2 (the shell header holds the h1). */
  title: string;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  /** 'narrow' for forms and the patient portal, 'wide' for tables and calendars. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
}

/** Common frame of a screen inside /home: heading, optional actions, content card. */
export function Page({ title, actions, width = 'wide', children }: PageProps): ReactElement {
  return (
    <section className={`${styles.page} ${width === 'narrow' ? styles.narrow : ''}`} aria-label={title}>
      <div className={styles.head}>
        <h2 className={styles.title}>{title}</h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
