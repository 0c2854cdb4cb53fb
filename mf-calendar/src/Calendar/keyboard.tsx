import type { Turn } from '@clinic/worker/contract';
import dayjs from 'dayjs';
import {
  createContext,
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
  type SyntheticEvent,
  useContext,
  useLayoutEffect,
} from 'react';
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
      // The name starts with the number shown, so a speech user can say what they see (label in name).
      aria-label={`${label}, ${dayjs(date).format('dddd, MMMM D, YYYY')}`}
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
 * their title, then 'turn' (react-big-calendar draws month-view turns as plain divs): the name starts
 * with the text shown, so a speech user can say what they see. Touches an attribute only
 * when it differs, so a MutationObserver calling it does not wake itself.
 */
export function focusableTurns(box: HTMLElement | null): void {
  for (const el of box?.querySelectorAll<HTMLElement>('.rbc-event') ?? []) {
    if (el.tabIndex !== 0) el.tabIndex = 0;
    if (el.getAttribute('role') !== 'button') el.setAttribute('role', 'button');
    const title = el.querySelector('.rbc-event-content')?.textContent?.trim();
    const label = title ? `${title}, turn` : null;
    if (label && el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
}

/**
 * The agenda (what a phone opens on) scrolls inside its own box, and its rows are not focusable:
 * the box itself takes the focus, named, so a keyboard can scroll it.
 */
export function focusableAgenda(box: HTMLElement | null): void {
  for (const el of box?.querySelectorAll<HTMLElement>('.rbc-agenda-view') ?? []) {
    if (el.tabIndex !== 0) el.tabIndex = 0;
    if (el.getAttribute('role') !== 'region') el.setAttribute('role', 'region');
    if (el.getAttribute('aria-label') !== 'Agenda') el.setAttribute('aria-label', 'Agenda');
  }
}

/**
 * Keeps react-big-calendar's drawing in `box` plain layout with focusable turns: strips the roles
 * (and sort states) `stripped` selects and runs focusableTurns, after every render of the view and
 * whenever react-big-calendar mounts nodes on its own (a month measures its rows, then draws its
 * weeks in a second pass the view's own effects never see).
 */
export function usePlainCalendar(box: RefObject<HTMLElement | null>, stripped: string): void {
  useLayoutEffect(() => {
    const fix = (): void => {
      for (const el of box.current?.querySelectorAll(stripped) ?? []) {
        el.removeAttribute('role');
        el.removeAttribute('aria-sort');
      }
      focusableTurns(box.current);
      focusableAgenda(box.current);
    };
    fix();
    if (!box.current) return;
    const observer = new MutationObserver(fix);
    observer.observe(box.current, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  });
}
