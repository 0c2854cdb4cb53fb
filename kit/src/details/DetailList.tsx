import type { ReactElement, ReactNode } from 'react';
import styles from './DetailList.module.css';

/** Label/value pairs as a definition list: two columns, stacked on a phone. */
export function DetailList({
  rows,
}: {
  rows: readonly (readonly [label: string, value: ReactNode])[];
}): ReactElement {
  return (
    <dl className={styles.list}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
