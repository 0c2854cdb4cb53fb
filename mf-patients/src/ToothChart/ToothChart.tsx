import type { Tooth } from '@clinic/worker/contract';
import { type KeyboardEvent, type ReactElement, useRef, useState } from 'react';
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
  /** The ONE tooth chosen, if any. */
  selected: number | null;
  /** A tooth pressed: it becomes the one chosen; pressing the chosen tooth again leaves none. */
  onSelect: (id: number | null) => void;
  describedBy?: string | undefined;
}

/** Where an arrow key (or Home / End) moves from `[row, col]` on the chart. */
function moveOf(key: string, row: number, col: number): [number, number] | null {
  const last = (ROWS[row]?.length ?? 1) - 1;
  switch (key) {
    case 'ArrowLeft':
      return [row, Math.max(0, col - 1)];
    case 'ArrowRight':
      return [row, Math.min(last, col + 1)];
    case 'ArrowUp':
      return [0, col];
    case 'ArrowDown':
      return [ROWS.length - 1, col];
    case 'Home':
      return [row, 0];
    case 'End':
      return [row, last];
    default:
      return null;
  }
}

/**
 * A drawn dental chart of ONE choice: each tooth is a real toggle button (click, Enter or Space)
 * holding its
 * SVG outline; lower teeth are drawn upside down, roots towards the jaw, as on a paper chart.
 * The chart is one Tab stop: the arrow keys move between teeth as they lie in the mouth (WAI-ARIA
 * roving tabindex), so a keyboard user does not tab through 32 buttons to reach the next field.
 */
export function ToothChart({ teeth, selected, onSelect, describedBy }: ToothChartProps): ReactElement {
  const known = new Map(teeth.map((t) => [t.ID, t]));
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [focusable, setFocusable] = useState<number | null>(null);
  // The Tab stop: the tooth last moved to, else the chosen one, else the first drawn.
  const active = [focusable, selected, ROWS[0]?.[0]].find(
    (id) => id !== undefined && id !== null && known.has(id),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, row: number, col: number): void => {
    const to = moveOf(event.key, row, col);
    if (!to) return;
    event.preventDefault();
    const id = ROWS[to[0]]?.[to[1]];
    if (id === undefined || !known.has(id)) return;
    setFocusable(id);
    buttons.current.get(id)?.focus();
  };

  return (
    <div className={styles.chart}>
      {ROWS.map((row, r) => (
        <div key={row[0]} className={`${styles.row} ${r === 1 ? styles.lower : ''}`}>
          {row.map((id, c) => {
            const tooth = known.get(id);
            if (!tooth) return <span key={id} className={styles.missing} />;
            const pressed = selected === id;
            return (
              <button
                key={id}
                ref={(el) => {
                  if (el) buttons.current.set(id, el);
                  else buttons.current.delete(id);
                }}
                type="button"
                tabIndex={id === active ? 0 : -1}
                className={`${styles.tooth} ${pressed ? styles.pressed : ''}`}
                aria-pressed={pressed}
                aria-label={`Tooth ${id}, ${tooth.zone}, position ${tooth.position}`}
                aria-describedby={describedBy}
                onClick={() => {
                  setFocusable(id);
                  onSelect(pressed ? null : id);
                }}
                onKeyDown={(e) => onKeyDown(e, r, c)}
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
