import type { Turn } from '@clinic/worker/contract';
import dayjs from 'dayjs';
import { createContext, type KeyboardEvent, type ReactElement, type SyntheticEvent, useContext } from 'react';
import type { DateHeaderProps } from 'react-big-calendar';

/**
 * The month grid as ONE Tab stop (WAI-ARIA roving tabindex): only the active day's number is in
 * the Tab order, the arrow keys move between days (Home/End: the week's first and last day,
 * PageUp/PageDown: a month), Enter or Space shows that day in Turns details.
 */
export interface RovingDays {
  /** The day in the Tab order, 'YYYY-MM-DD'. */
  active: string;
  /** The keyboard moved to this day: make it active, show its month, focus it. */
  moveTo: (date: string) => void;
  /** The day got the focus (Tab or a click). */
  focused: (date: string) => void;
}

export const RovingDaysContext = createContext<RovingDays | null>(null);

/** Where a key moves from `date`, or null when the key is not a move. */
export function dayMove(key: string, date: string): string | null {
  const at = dayjs(date);
  const to =
    key === 'ArrowLeft'
      ? at.subtract(1, 'day')
      : key === 'ArrowRight'
        ? at.add(1, 'day')
        : key === 'ArrowUp'
          ? at.subtract(7, 'day')
          : key === 'ArrowDown'
            ? at.add(7, 'day')
            : key === 'Home'
              ? at.startOf('week')
              : key === 'End'
                ? at.endOf('week')
                : key === 'PageUp'
                  ? at.subtract(1, 'month')
                  : key === 'PageDown'
                    ? at.add(1, 'month')
                    : null;
  return to ? to.format('YYYY-MM-DD') : null;
}

/** A day's number in the month grid: a button of the roving Tab stop, named with its whole date. */
export function RovingDateHeader({ label, date, onDrillDown }: DateHeaderProps): ReactElement {
  const roving = useContext(RovingDaysContext);
  const iso = dayjs(date).format('YYYY-MM-DD');
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    const to = dayMove(event.key, iso);
    if (!to || !roving) return;
    event.preventDefault();
    roving.moveTo(to);
  };
  return (
    <button
      type="button"
      className="rbc-button-link"
      data-date={iso}
      tabIndex={roving?.active === iso ? 0 : -1}
      aria-label={dayjs(date).format('dddd, MMMM D, YYYY')}
      onClick={onDrillDown}
      onKeyDown={onKeyDown}
      onFocus={() => roving?.focused(iso)}
    >
      {label}
    </button>
  );
}

/**
 * react-big-calendar's onKeyPressEvent: Enter or Space on a focused turn opens it (its day in
 * Turns details, the focus on its record there).
 */
export function openOnEnter(open: (turn: Turn) => void) {
  return (event: { turn: Turn }, e: SyntheticEvent<HTMLElement>): void => {
    const key = (e as KeyboardEvent<HTMLElement>).key;
    if (key !== 'Enter' && key !== ' ') return;
    e.preventDefault();
    open(event.turn);
  };
}

/**
 * Makes the turns drawn in `box` keyboard controls: in the Tab order, read as buttons named by
 * their title (react-big-calendar draws month-view turns as plain divs).
 */
export function focusableTurns(box: HTMLElement | null): void {
  for (const el of box?.querySelectorAll<HTMLElement>('.rbc-event') ?? []) {
    el.tabIndex = 0;
    el.setAttribute('role', 'button');
    // In the month grid a turn sits in a row (role="row") whose children must be cells: its
    // segment is one, as the day numbers' cells are.
    const segment = el.closest('.rbc-row-segment');
    if (segment?.closest('[role="row"]')) segment.setAttribute('role', 'cell');
    const title = el.querySelector('.rbc-event-content')?.textContent?.trim();
    if (title) el.setAttribute('aria-label', `Turn ${title}`);
  }
}
