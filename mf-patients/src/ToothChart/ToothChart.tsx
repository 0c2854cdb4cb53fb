import type { Tooth } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import styles from './ToothChart.module.css';

/** FDI layout as the dentist faces the patient: upper 18→11 | 21→28, lower 48→41 | 31→38. */
const ROWS: readonly (readonly number[])[] = [
  [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
  [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
];

/** Crown outline per kind of tooth (position 1–8 within its quadrant), drawn in a 40×56 box. */
function crownPath(position: number): string {
  if (position >= 6)
    return 'M6 10 Q6 4 12 4 L28 4 Q34 4 34 10 L34 34 Q34 40 28 40 L26 52 L20 44 L14 52 L12 40 Q6 40 6 34 Z';
  if (position >= 4)
    return 'M9 10 Q9 4 15 4 L25 4 Q31 4 31 10 L31 34 Q31 40 25 40 L20 54 L15 40 Q9 40 9 34 Z';
  if (position === 3) return 'M11 14 L20 3 L29 14 L29 34 Q29 40 24 40 L20 54 L16 40 Q11 40 11 34 Z';
  return 'M12 6 Q12 4 14 4 L26 4 Q28 4 28 6 L28 34 Q28 40 24 40 L20 54 L16 40 Q12 40 12 34 Z';
}

export interface ToothChartProps {
  teeth: readonly Tooth[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  describedBy?: string | undefined;
}

/**
 * A drawn dental chart: each tooth is a real toggle button (click, Enter or Space) holding its
 * SVG outline; lower teeth are drawn upside down, roots towards the jaw, as on a paper chart.
 */
export function ToothChart({ teeth, selected, onToggle, describedBy }: ToothChartProps): ReactElement {
  const known = new Map(teeth.map((t) => [t.ID, t]));
  return (
    <div className={styles.chart}>
      {ROWS.map((row, r) => (
        <div key={row[0]} className={`${styles.row} ${r === 1 ? styles.lower : ''}`}>
          {row.map((id) => {
            const tooth = known.get(id);
            if (!tooth) return <span key={id} className={styles.missing} />;
            const pressed = selected.includes(id);
            return (
              <button
                key={id}
                type="button"
                className={`${styles.tooth} ${pressed ? styles.pressed : ''}`}
                aria-pressed={pressed}
                aria-label={`Tooth ${id}, ${tooth.zone}, position ${tooth.position}`}
                aria-describedby={describedBy}
                onClick={() => onToggle(id)}
              >
                <svg viewBox="0 0 40 56" aria-hidden="true" className={styles.shape}>
                  <path d={crownPath(tooth.position)} />
                </svg>
                <span className={styles.number}>{id}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
