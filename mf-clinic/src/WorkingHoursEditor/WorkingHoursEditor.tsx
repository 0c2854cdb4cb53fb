import { SelectField, TextField } from '@clinic/kit';
import {
  type DayHours,
  daySummary,
  decimalToTime,
  hasWorkingDay,
  MSG,
  type OfficeHours,
  setDayHours,
  timeToDecimal,
  WEEKDAYS,
} from '@clinic/worker/contract';
import { type ReactElement, useId, useState } from 'react';
import styles from './WorkingHoursEditor.module.css';

export interface WorkingHoursEditorProps {
  value: OfficeHours;
  onChange: (next: OfficeHours) => void;
  /** The initial form: the first weekday entry fills Monday to Friday. */
  fillWeekdaysOnFirstEntry?: boolean;
  /** The form's error for the office hours as a whole. */
  error?: string | undefined;
}

interface Times {
  morningStart: string;
  morningEnd: string;
  afternoonStart: string;
  afternoonEnd: string;
}

const EMPTY: Times = { morningStart: '', morningEnd: '', afternoonStart: '', afternoonEnd: '' };

function timesOf(day: DayHours | undefined): Times {
  const [morning, afternoon] = day ?? [];
  return {
    morningStart: morning ? decimalToTime(morning.min) : '',
    morningEnd: morning ? decimalToTime(morning.max) : '',
    afternoonStart: afternoon ? decimalToTime(afternoon.min) : '',
    afternoonEnd: afternoon ? decimalToTime(afternoon.max) : '',
  };
}

/** The entered times as a day's ranges; a range left blank is skipped; all blank closes the day. */
function dayOf(times: Times): { day: DayHours } | { error: string } {
  const ranges: DayHours = [];
  for (const [start, end] of [
    [times.morningStart, times.morningEnd],
    [times.afternoonStart, times.afternoonEnd],
  ] as const) {
    if (!start && !end) continue;
    const min = timeToDecimal(start);
    const max = timeToDecimal(end);
    if (min === null || max === null || min >= max) return { error: MSG.workingHoursOrder };
    ranges.push({ min, max });
  }
  const [morning, afternoon] = ranges;
  if (morning && afternoon && morning.max > afternoon.min) return { error: MSG.workingHoursOrder };
  return { day: ranges };
}

/**
 * Working-hours editor: pick a day, morning and afternoon start/end, 'Set working hours';
 * the summary lists every day in 24-hour HH:MM or 'CLOSED'.
 */
export function WorkingHoursEditor({
  value,
  onChange,
  fillWeekdaysOnFirstEntry = false,
  error,
}: WorkingHoursEditorProps): ReactElement {
  const [weekday, setWeekday] = useState(1);
  const [times, setTimes] = useState<Times>(() => timesOf(value[1]));
  const [entryError, setEntryError] = useState<string | null>(null);
  const summaryId = useId();
  const errorId = useId();

  const pickDay = (next: number): void => {
    setWeekday(next);
    setTimes(value[next]?.length ? timesOf(value[next]) : EMPTY);
    setEntryError(null);
  };

  const setTime = (key: keyof Times, time: string): void => {
    setTimes((t) => ({ ...t, [key]: time }));
    setEntryError(null);
  };

  const apply = (): void => {
    const result = dayOf(times);
    if ('error' in result) {
      setEntryError(result.error);
      return;
    }
    onChange(setDayHours(value, weekday, result.day, { fillWeekdaysOnFirstEntry }));
  };

  const timeField = (key: keyof Times, label: string): ReactElement => (
    <TextField
      label={label}
      name={key}
      type="time"
      step={900}
      value={times[key]}
      onChange={(e) => setTime(key, e.target.value)}
    />
  );

  return (
    <fieldset className={styles.editor} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>Working hours</legend>
      <div className={styles.entry}>
        <SelectField
          label="Day"
          name="weekday"
          value={String(weekday)}
          onChange={(e) => pickDay(Number(e.target.value))}
          options={WEEKDAYS.map((day, i) => ({ value: String(i), label: day }))}
        />
        {timeField('morningStart', 'Morning start')}
        {timeField('morningEnd', 'Morning end')}
        {timeField('afternoonStart', 'Afternoon start')}
        {timeField('afternoonEnd', 'Afternoon end')}
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={apply}>
          Set working hours
        </button>
        {entryError ? (
          <span className={styles.error} role="alert">
            {entryError}
          </span>
        ) : null}
      </div>
      <div id={summaryId} className={styles.summary} aria-live="polite">
        {hasWorkingDay(value) ? (
          <dl className={styles.days}>
            {WEEKDAYS.map((day, i) => (
              <div key={day} className={styles.day}>
                <dt>{day}</dt>
                <dd>{daySummary(value[i])}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">{MSG.noWorkingHours}</p>
        )}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
