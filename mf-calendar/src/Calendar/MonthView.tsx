import { decimalToTime, type Turn } from '@clinic/worker/contract';
import dayjs from 'dayjs';
import { type ReactElement, useLayoutEffect, useMemo, useRef } from 'react';
import { Calendar as BigCalendar, dayjsLocalizer, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import styles from './Calendar.module.css';

const localizer = dayjsLocalizer(dayjs);
/** Week, day and agenda are drawn by TimeGridView, loaded when the toolbar asks for them. */
const VIEWS: View[] = ['month', 'week', 'day', 'agenda'];

interface TurnEvent {
  title: string;
  start: Date;
  end: Date;
  turn: Turn;
}

/** A turn's wall-clock start in the clinic, as a browser Date for the month grid. */
function startOf(turn: Turn): Date {
  const [y, m, d] = turn.date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 0, Math.round(turn.time * 60));
}

/** The month of turns (react-big-calendar, en-US): a day or a turn picks the date for the details. */
export function MonthView(props: {
  month: Date;
  turns: readonly Turn[];
  onMonth: (month: Date) => void;
  onPickDate: (date: string) => void;
  onView: (view: View) => void;
}): ReactElement {
  const events = useMemo<TurnEvent[]>(
    () =>
      props.turns.map((turn) => {
        const start = startOf(turn);
        return {
          title: `${decimalToTime(turn.time)} ${turn.userPatient.lastName}, ${turn.userPatient.name}`,
          start,
          end: new Date(start.getTime() + turn.duration * 3_600_000),
          turn,
        };
      }),
    [props.turns],
  );
  const pick = (date: Date) => props.onPickDate(dayjs(date).format('YYYY-MM-DD'));
  const box = useRef<HTMLDivElement>(null);
  // react-big-calendar marks the month as a table whose weeks are rows holding their turns and
  // day buttons, not cells: assistive technology reads a month with turns as a broken table (axe
  // aria-required-children). The grid is plain layout here: its day buttons and turns read in
  // order, and Turns details lists each day's turns.
  useLayoutEffect(() => {
    for (const el of box.current?.querySelectorAll(
      '.rbc-month-view[role], .rbc-month-view [role], .rbc-month-view [aria-sort]',
    ) ?? []) {
      el.removeAttribute('role');
      // a column header's sort state means nothing outside a table
      el.removeAttribute('aria-sort');
    }
  });
  return (
    <div className={styles.month} ref={box}>
      <BigCalendar<TurnEvent>
        localizer={localizer}
        culture="en-US"
        events={events}
        views={VIEWS}
        view="month"
        onView={props.onView}
        date={props.month}
        onNavigate={props.onMonth}
        onSelectEvent={(event) => props.onPickDate(event.turn.date)}
        onSelectSlot={(slot) => pick(slot.start)}
        onDrillDown={pick}
        selectable
        popup
        eventPropGetter={(event) => ({
          className: event.turn.patientAccepts && event.turn.medicAccepts ? styles.confirmed : styles.pending,
        })}
      />
    </div>
  );
}
