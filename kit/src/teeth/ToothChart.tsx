import type { Surface } from '@clinic/worker/contract';
import { type KeyboardEvent, type ReactElement, useRef, useState } from 'react';
import styles from './ToothChart.module.css';
import { CHART_ROWS, type Dentition, toothName, type WorkKind } from './teeth';

/** Crown outline per kind of tooth (position within its quadrant), drawn in a 40×56 box. */
function crownPath(id: number): string {
  const primary = id >= 50;
  const p = id % 10;
  const molar = primary ? p >= 4 : p >= 6;
  if (molar)
    return 'M6 10 Q6 4 12 4 L28 4 Q34 4 34 10 L34 34 Q34 40 28 40 L26 52 L20 44 L14 52 L12 40 Q6 40 6 34 Z';
  if (!primary && p >= 4)
    return 'M9 10 Q9 4 15 4 L25 4 Q31 4 31 10 L31 34 Q31 40 25 40 L20 54 L15 40 Q9 40 9 34 Z';
  if (p === 3) return 'M11 14 L20 3 L29 14 L29 34 Q29 40 24 40 L20 54 L16 40 Q11 40 11 34 Z';
  return 'M12 6 Q12 4 14 4 L26 4 Q28 4 28 6 L28 34 Q28 40 24 40 L20 54 L16 40 Q12 40 12 34 Z';
}

/** Where each surface is shaded on the crown (the chart's own picture, not anatomy to scale). */
const SURFACE_BOX: Record<Surface, { x: number; y: number; w: number; h: number }> = {
  B: { x: 12, y: 6, w: 16, h: 7 },
  M: { x: 8, y: 14, w: 7, h: 18 },
  O: { x: 15, y: 16, w: 10, h: 14 },
  D: { x: 25, y: 14, w: 7, h: 18 },
  L: { x: 12, y: 32, w: 16, h: 7 },
};

export interface ToothMark {
  kind: WorkKind;
  /** Surfaces shaded darker on the crown. */
  surfaces: readonly Surface[];
  /** What was done, for the button's name: 'Composite filling, one surface on 2026-03-02'. */
  text: string;
}

export interface ToothChartProps {
  dentition: Dentition;
  /** The teeth the server knows (GET /api/tooth); others are drawn as gaps. */
  known: ReadonlySet<number>;
  /** The teeth shown pressed. */
  pressed: ReadonlySet<number>;
  /** A tooth pressed (click, Enter or Space). */
  onPress: (id: number) => void;
  /** Past work, coloured by kind. */
  marks?: ReadonlyMap<number, ToothMark>;
  describedBy?: string | undefined;
  /** The chart's accessible name. */
  label: string;
}

/** Where an arrow key (or Home / End) moves from `[row, col]` on the chart. */
function moveOf(key: string, row: number, col: number, rows: readonly (readonly number[])[]) {
  const last = (rows[row]?.length ?? 1) - 1;
  switch (key) {
    case 'ArrowLeft':
      return [row, Math.max(0, col - 1)] as const;
    case 'ArrowRight':
      return [row, Math.min(last, col + 1)] as const;
    case 'ArrowUp':
      return [0, col] as const;
    case 'ArrowDown':
      return [rows.length - 1, col] as const;
    case 'Home':
      return [row, 0] as const;
    case 'End':
      return [row, last] as const;
    default:
      return null;
  }
}

/**
 * A drawn dental chart, permanent or primary teeth: each tooth is a real toggle button holding its
 * SVG outline, named by its number, its name and what was done on it; lower teeth are drawn upside
 * down, as on a paper chart. Past work colours the crown by kind and shades the surfaces worked on.
 * The chart is one Tab stop: the arrow keys move between teeth as they lie in the mouth.
 */
export function ToothChart(props: ToothChartProps): ReactElement {
  const { dentition, known, pressed, onPress, marks, describedBy, label } = props;
  const rows = CHART_ROWS[dentition];
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [focusable, setFocusable] = useState<number | null>(null);
  const first = [...pressed].find((id) => rows.some((r) => r.includes(id)));
  const active = [focusable, first, rows[0]?.[0]].find(
    (id) => id !== undefined && id !== null && known.has(id) && rows.some((r) => r.includes(id)),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, row: number, col: number): void => {
    const to = moveOf(event.key, row, col, rows);
    if (!to) return;
    event.preventDefault();
    const id = rows[to[0]]?.[to[1]];
    if (id === undefined || !known.has(id)) return;
    setFocusable(id);
    buttons.current.get(id)?.focus();
  };

  return (
    <div className={`${styles.chart} ${dentition === 'primary' ? styles.primary : ''}`} title={label}>
      {rows.map((row, r) => (
        <div key={row[0]} className={`${styles.row} ${r === 1 ? styles.lower : ''}`}>
          {row.map((id, c) => {
            if (!known.has(id)) return <span key={id} className={styles.missing} />;
            const isPressed = pressed.has(id);
            const mark = marks?.get(id);
            return (
              <button
                key={id}
                ref={(el) => {
                  if (el) buttons.current.set(id, el);
                  else buttons.current.delete(id);
                }}
                type="button"
                tabIndex={id === active ? 0 : -1}
                className={`${styles.tooth} ${isPressed ? styles.pressed : ''}`}
                data-work={mark?.kind}
                aria-pressed={isPressed}
                aria-label={`Tooth ${id}, ${toothName(id)}${mark ? `: ${mark.text}` : ''}`}
                aria-describedby={describedBy}
                onClick={() => {
                  setFocusable(id);
                  onPress(id);
                }}
                onKeyDown={(e) => onKeyDown(e, r, c)}
              >
                <svg viewBox="0 0 40 56" aria-hidden="true" className={styles.shape}>
                  <path d={crownPath(id)} />
                  {mark?.surfaces.map((s) => {
                    const b = SURFACE_BOX[s];
                    return (
                      <rect
                        key={s}
                        className={styles.surface}
                        x={b.x}
                        y={b.y}
                        width={b.w}
                        height={b.h}
                        rx={2}
                      />
                    );
                  })}
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

/** The colours' key, below a chart of past work. */
export function ToothChartLegend(props: {
  kinds: readonly { kind: WorkKind; label: string }[];
}): ReactElement {
  return (
    <ul className={styles.legend} aria-label="Chart legend">
      {props.kinds.map((k) => (
        <li key={k.kind}>
          <span className={styles.swatch} data-work={k.kind} aria-hidden="true" />
          {k.label}
        </li>
      ))}
      <li>
        <span className={`${styles.swatch} ${styles.swatchSurface}`} aria-hidden="true" />
        Surface worked on
      </li>
    </ul>
  );
}
