import type { Evolution } from '@clinic/worker/contract';
import { type ReactElement, useId, useState } from 'react';
import { formatDate } from '../format';
import { DentitionSwitch } from './DentitionSwitch';
import { ToothChart, ToothChartLegend, type ToothMark } from './ToothChart';
import styles from './ToothChart.module.css';
import { CHART_ROWS, type Dentition, toothLabel, toothName, WORK_KINDS, workByTooth } from './teeth';

const ALL_TEETH = new Set(Object.values(CHART_ROWS).flatMap((rows) => rows.flat()));

/**
 * The chart of past work on a patient page: every tooth coloured by the latest treatment done on it
 * (a legend below; the surfaces of that note shaded), permanent or primary teeth; pressing a tooth
 * lists its notes, newest first.
 */
export function PastWorkChart(props: { evolutions: readonly Evolution[]; initial: Dentition }): ReactElement {
  const ids = useId();
  const work = workByTooth(props.evolutions);
  const [dentition, setDentition] = useState<Dentition>(
    // A chart opens where the work is: primary teeth only if some note is on them (or for a child).
    props.initial,
  );
  const [selected, setSelected] = useState<number | null>(null);
  const marks = new Map<number, ToothMark>(
    [...work].map(([id, w]) => [
      id,
      {
        kind: w.kind,
        surfaces: w.surfaces,
        text: `${w.treatment ?? 'work'} on ${formatDate(w.date)}${w.notes.length > 1 ? `, ${w.notes.length} notes` : ''}`,
      },
    ]),
  );
  const notes = selected === null ? [] : (work.get(selected)?.notes ?? []);
  const kinds = WORK_KINDS.filter((k) => [...work.values()].some((w) => w.kind === k.kind));

  return (
    <div className={styles.past}>
      <DentitionSwitch name={`${ids}-dentition`} value={dentition} onChange={setDentition} />
      <ToothChart
        dentition={dentition}
        known={ALL_TEETH}
        pressed={new Set(selected === null ? [] : [selected])}
        onPress={(id) => setSelected((s) => (s === id ? null : id))}
        marks={marks}
        label={`Chart of past work, ${dentition} teeth`}
      />
      {kinds.length > 0 ? <ToothChartLegend kinds={kinds} /> : <p className="muted">No work charted yet.</p>}
      <div aria-live="polite">
        {selected === null ? null : (
          <section className={styles.toothNotes} aria-label={`Notes on tooth ${selected}`}>
            <h4>
              Tooth {selected}, {toothName(selected)}
            </h4>
            {notes.length === 0 ? (
              <p className="muted">No notes on this tooth.</p>
            ) : (
              <ul>
                {notes.map((e) => (
                  <li key={e.ID}>
                    <strong>{formatDate(e.date)}</strong> · {e.treatment ?? 'Unknown'} ·{' '}
                    {e.teeth.map(toothLabel).join(', ')} · {e.observations}{' '}
                    <span className="muted">({e.medic})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
