import { ApiError, notifyRefusal } from '@clinic/kit';
import { MSG, type OfficeHours, type Turn } from '@clinic/worker/contract';
import dayjs from 'dayjs';
import { type ReactElement, useMemo, useRef, useState } from 'react';
import { Calendar as BigCalendar, dayjsLocalizer, type EventProps, type View } from 'react-big-calendar';
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import styles from './Calendar.module.css';
import { CALENDAR_FORMATS, turnStart, turnText } from './formats';
import { openOnEnter, usePlainCalendar } from './keyboard';
import { medicColour } from './medicColours';

const localizer = dayjsLocalizer(dayjs);

export interface TurnEvent {
  title: string;
  /** What the week view writes in the turn: the patient first. */
  weekText: string;
  start: Date;
  end: Date;
  turn: Turn;
}

/** A column of the day view: one per approved medic when the clinic has more than one. */
export interface MedicColumn {
  id: number;
  title: string;
}

const DnDCalendar = withDragAndDrop<TurnEvent, MedicColumn>(BigCalendar);

/** A turn in the week view: its patient first, on one line (the day view's wider columns keep the title). */
function WeekEvent(props: EventProps<TurnEvent>): ReactElement {
  return <>{props.event.weekText}</>;
}

/** A day's heading in the time grid, without react-big-calendar's stray columnheader role. */
function DayHeader(props: { label: string }): ReactElement {
  return <span>{props.label}</span>;
}

const hoursOf = (at: Date): number => at.getHours() + at.getMinutes() / 60;

/** Whether the slot starting at `at` lies inside the clinic's office hours of that weekday. */
function isOpen(hours: OfficeHours, at: Date): boolean {
  const h = hoursOf(at);
  return (hours[at.getDay()] ?? []).some((r) => h >= r.min && h < r.max);
}

/** The hours the grid shows: the office hours and every turn of the range, whole hours. */
function gridHours(hours: OfficeHours, turns: readonly Turn[]): { min: number; max: number } {
  let min = 24;
  let max = 0;
  for (const day of hours) {
    for (const r of day) {
      min = Math.min(min, r.min);
      max = Math.max(max, r.max);
    }
  }
  for (const t of turns) {
    min = Math.min(min, t.time);
    max = Math.max(max, t.time + t.duration);
  }
  if (min >= max) return { min: 8, max: 20 };
  return { min: Math.max(0, Math.floor(min) - 1), max: Math.min(24, Math.ceil(max) + 1) };
}

export interface TimeGridViewProps {
  view: View;
  /** The views the toolbar offers. */
  views: View[];
  date: Date;
  turns: readonly Turn[];
  officeHours: OfficeHours;
  onNavigate: (date: Date) => void;
  onView: (view: View) => void;
  onPickDate: (date: string) => void;
  /** Enter on a turn: show it in Turns details. */
  onOpenTurn: (turn: Turn) => void;
  /** Asks the server to move a turn; rejects with its refusal. */
  onMove: (turn: Turn, date: string, time: number) => Promise<void>;
  /** The day view's columns, one per medic (none: one column). A turn stays its medic's when moved. */
  medics?: readonly MedicColumn[] | undefined;
}

/**
 * The week and day views (and the agenda on narrow screens): turns sized by their duration, hours
 * outside office hours shaded, and a turn dragged to another time or day is moved by the server.
 * While the server decides, the turn shows where it was dropped; if it refuses, the screen shows
 * why and the turn goes back.
 */
export default function TimeGridView(props: TimeGridViewProps): ReactElement {
  const [dropped, setDropped] = useState<ReadonlyMap<number, { date: string; time: number }>>(new Map());
  // Fresh turns from the server replace what a drop showed.
  const [shown, setShown] = useState(props.turns);
  if (shown !== props.turns) {
    setShown(props.turns);
    setDropped(new Map());
  }

  const events = useMemo<TurnEvent[]>(
    () =>
      props.turns.map((turn) => {
        const at = dropped.get(turn.ID) ?? turn;
        const start = turnStart(at.date, at.time);
        return {
          title: turnText(turn, at.time),
          weekText: turnText(turn, at.time, true),
          start,
          end: new Date(start.getTime() + turn.duration * 3_600_000),
          turn,
        };
      }),
    [props.turns, dropped],
  );
  const { min, max } = useMemo(
    () => gridHours(props.officeHours, props.turns),
    [props.officeHours, props.turns],
  );
  const day = dayjs(props.date).startOf('day');
  const box = useRef<HTMLDivElement>(null);
  // react-big-calendar marks the time grid's all-day strip as a table row with no cells, which
  // assistive technology reads as a broken table; the strip is plain layout here.
  usePlainCalendar(box, '.rbc-time-header [role="row"], .rbc-time-header [role="rowgroup"]');

  const drop = async ({ event, start }: EventInteractionArgs<TurnEvent>) => {
    const at = dayjs(start);
    const date = at.format('YYYY-MM-DD');
    const time = at.hour() + at.minute() / 60;
    if (date === event.turn.date && time === event.turn.time) return;
    setDropped((m) => new Map(m).set(event.turn.ID, { date, time }));
    try {
      await props.onMove(event.turn, date, time);
    } catch (err) {
      setDropped((m) => {
        const next = new Map(m);
        next.delete(event.turn.ID);
        return next;
      });
      await notifyRefusal(err, err instanceof ApiError ? err.msg : MSG.turnSomethingWrong);
    }
  };

  return (
    <div
      ref={box}
      className={`${styles.month} ${styles.grid}${props.view === 'week' ? ` ${styles.week}` : ''}`}
    >
      <DnDCalendar
        localizer={localizer}
        culture="en-US"
        formats={CALENDAR_FORMATS}
        events={events}
        {...(props.view === 'day' && props.medics
          ? {
              resources: [...props.medics],
              resourceAccessor: (event: TurnEvent) => event.turn.MedicID,
              resourceIdAccessor: (medic: MedicColumn) => medic.id,
              resourceTitleAccessor: (medic: MedicColumn) => medic.title,
            }
          : {})}
        views={props.views}
        view={props.view}
        onView={props.onView}
        date={props.date}
        onNavigate={props.onNavigate}
        step={15}
        timeslots={4}
        min={day.hour(min).toDate()}
        max={day
          .hour(max === 24 ? 23 : max)
          .minute(max === 24 ? 59 : 0)
          .toDate()}
        scrollToTime={day.hour(min).toDate()}
        onSelectEvent={(event) => props.onPickDate(event.turn.date)}
        onKeyPressEvent={openOnEnter(props.onOpenTurn)}
        onSelectSlot={(slot) => props.onPickDate(dayjs(slot.start).format('YYYY-MM-DD'))}
        selectable
        resizable={false}
        draggableAccessor={() => true}
        onEventDrop={(args) => {
          void drop(args);
        }}
        components={{ week: { header: DayHeader, event: WeekEvent }, day: { header: DayHeader } }}
        slotPropGetter={(at) => (isOpen(props.officeHours, at) ? {} : { className: styles.closed })}
        eventPropGetter={(event) => ({
          className: `${event.turn.patientAccepts && event.turn.medicAccepts ? styles.confirmed : styles.pending}${event.turn.emailConfirmed ? '' : ` ${styles.unconfirmed}`}`,
          ...(props.medics && props.medics.length > 1
            ? { style: { borderLeft: `6px solid ${medicColour(event.turn.MedicID, props.medics)}` } }
            : {}),
        })}
      />
    </div>
  );
}
