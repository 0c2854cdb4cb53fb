import type { ReactElement } from 'react';
import styles from './ToothChart.module.css';
import type { Dentition } from './teeth';

/** The words of each set of teeth, on the switch and in the chart's name. */
export const DENTITION_LABEL: Record<Dentition, string> = {
  permanent: 'Permanent teeth',
  primary: 'Primary teeth',
};

/** "Teeth shown": the permanent or the primary teeth, as two radio buttons named `name`. */
export function DentitionSwitch(props: {
  name: string;
  value: Dentition;
  onChange: (dentition: Dentition) => void;
  /** Added to the group's own class (spacing where it is placed). */
  className?: string;
}): ReactElement {
  return (
    <div
      className={[styles.dentitionSwitch, props.className].filter(Boolean).join(' ')}
      role="radiogroup"
      aria-label="Teeth shown"
    >
      {(['permanent', 'primary'] as const).map((d) => (
        <label key={d}>
          <input
            type="radio"
            name={props.name}
            checked={props.value === d}
            onChange={() => props.onChange(d)}
          />
          {DENTITION_LABEL[d]}
        </label>
      ))}
    </div>
  );
}
