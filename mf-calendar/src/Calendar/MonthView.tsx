import { decimalToTime, MSG, type Turn } from '@clinic/worker/contract';
import dayjs from 'dayjs';
import { type ReactElement, useEffect, useMemo, useRef, useState } from 'react';
import { Calendar as BigCalendar, dayjsLocalizer, type ShowMoreProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import styles from './Calendar.module.css';
import { CALENDAR_FORMATS, turnStart } from './formats';
import {
  openOnEnter,
  RovingDateHeader,
  type RovingDays,
  RovingDaysContext,
  usePlainCalendar,
} from './keyboard';
import { medicColour } from './medicColours';

const localizer = dayjsLocalizer(dayjs);

interface TurnEvent {
  title: string;
  start: Date;
  end: Date;
  turn: Turn;
}

/** A day's '+N more': it shows that day's turns in Turns details. */
function showMoreOf(onPickDate: (date: string) => void) {
  return function ShowMore({ count, slotDate }: ShowMoreProps<TurnEvent>): ReactElement {
    return (
      <span>
        <button
          type="button"
          className="rbc-button-link rbc-show-more"
          onClick={() => onPickDate(dayjs(slotDate).format('YYYY-MM-DD'))}
        >
          +{count} more
        </button>
      </span>
    );
  };
}

/** The month of turns (react-big-calendar, en-US): a day or a turn picks the date for the details. */
export function MonthView(props: {
  /** The clinic's medics: with more than one, each turn carries its medic's colour. */
  medics?: readonly { id: number }[] | undefined;
  month: Date;
  turns: readonly Turn[];
  /** The day Turns details shows, 'YYYY-MM-DD': the grid's Tab stop when it is in the month. */
  date: string;
  onMonth: (month: Date) => void;
  onPickDate: (date: string) => void;
  /** Enter on a turn: show it in Turns details. */
  onOpenTurn: (turn: Turn) => void;
  onView: (view: View) => void;
  /** The views the toolbar offers. */
  views: View[];
}): ReactElement {
  const events = useMemo<TurnEvent[]>(
    () =>
      props.turns.map((turn) => {
        const start = turnStart(turn.date, turn.time);
        return {
          title: `${decimalToTime(turn.time)} ${turn.userPatient.lastName}, ${turn.userPatient.name}${turn.emailConfirmed ? '' : ` (${MSG.unconfirmedEmail})`}`,
          start,
          end: new Date(start.getTime() + turn.duration * 3_600_000),
          turn,
        };
      }),
    [props.turns],
  );
  const pick = (date: Date) => props.onPickDate(dayjs(date).format('YYYY-MM-DD'));
  const { onPickDate } = props;
  const components = useMemo(
    () => ({ showMore: showMoreOf(onPickDate), month: { dateHeader: RovingDateHeader } }),
    [onPickDate],
  );

  // The grid's one Tab stop: the day the keyboard last moved to, else the day shown in the
  // details, else the first of the month.
  const box = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const [focusPending, setFocusPending] = useState(false);
  const month = dayjs(props.month);
  const inMonth = (d: string | null): d is string => d !== null && dayjs(d).isSame(month, 'month');
  const active = inMonth(moved)
    ? moved
    : inMonth(props.date)
      ? props.date
      : month.startOf('month').format('YYYY-MM-DD');
  const roving: RovingDays = {
    active,
    moveTo: (to) => {
      setMoved(to);
      setFocusPending(true);
      if (!dayjs(to).isSame(month, 'month')) props.onMonth(dayjs(to).toDate());
    },
    focused: setMoved,
  };
  useEffect(() => {
    if (!focusPending) return;
    const day = box.current?.querySelector<HTMLElement>(`[data-date="${active}"]`);
    if (day) {
      day.focus();
      setFocusPending(false);
    }
  });
  // react-big-calendar marks the month as a table whose weeks are rows holding their turns and
  // day buttons, not cells: assistive technology reads a month with turns as a broken table (axe
  // aria-required-children). The grid is plain layout here: its day buttons and turns read in
  // order, and Turns details lists each day's turns.
  usePlainCalendar(
    box,
    '.rbc-month-view[role], .rbc-month-view [role]:not(.rbc-event), .rbc-month-view [aria-sort]',
  );

  return (
    <div ref={box} className={styles.month}>
      <RovingDaysContext.Provider value={roving}>
        <BigCalendar<TurnEvent>
          localizer={localizer}
          culture="en-US"
          formats={CALENDAR_FORMATS}
          events={events}
          views={props.views}
          view="month"
          onView={props.onView}
          date={props.month}
          onNavigate={props.onMonth}
          onSelectEvent={(event) => props.onPickDate(event.turn.date)}
          onKeyPressEvent={openOnEnter(props.onOpenTurn)}
          components={components}
          onSelectSlot={(slot) => pick(slot.start)}
          onDrillDown={pick}
          selectable
          eventPropGetter={(event) => ({
            className: `${event.turn.patientAccepts && event.turn.medicAccepts ? styles.confirmed : styles.pending}${event.turn.emailConfirmed ? '' : ` ${styles.unconfirmed}`}`,
            ...(props.medics && props.medics.length > 1
              ? { style: { borderLeft: `6px solid ${medicColour(event.turn.MedicID, props.medics)}` } }
              : {}),
          })}
        />
      </RovingDaysContext.Provider>
    </div>
  );
}
