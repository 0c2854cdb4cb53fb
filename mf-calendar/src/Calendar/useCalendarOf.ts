import {
  $dialogs,
  ApiError,
  answer,
  answerAll,
  api,
  type ChangesSince,
  formatDate,
  ifMatch,
  notify,
  type Resource,
  useLiveTurns,
  useQuery,
} from '@clinic/kit';
import {
  type Clinic,
  calendarWatch,
  decimalToTime,
  localDate,
  MSG,
  type Turn,
} from '@clinic/worker/contract';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { View } from 'react-big-calendar';
import { type DateRange, replaceDays, spanToRead } from './liveRange';
import { useClinicMedics } from './MedicField';
import { turnRecordId } from './TurnDetails';

/** Below this width the week and day grids are too narrow to read: the agenda lists the turns. */
const NARROW = '(max-width: 640px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

/** The dates a view shows: whole weeks around the month, the week, the day, or the agenda's 30 days. */
function visibleRange(month: Date, view: View = 'month'): DateRange {
  const at = dayjs(month);
  const [first, last] =
    view === 'week'
      ? [at.startOf('week'), at.endOf('week')]
      : view === 'day'
        ? [at, at]
        : view === 'agenda'
          ? [at, at.add(29, 'day')]
          : [at.startOf('month').startOf('week'), at.endOf('month').endOf('week')];
  return { from: first.format('YYYY-MM-DD'), to: last.format('YYYY-MM-DD') };
}

/**
 * Focuses a turn's record once Turns details shows it on `date` (its day may still be loading)
 * and no pop-up holds the focus; gives up after ten seconds.
 */
function focusWhenShown(id: number, date: string, tries = 200): void {
  const el = document.querySelector<HTMLElement>(`[data-turns-on="${date}"] #${turnRecordId(id)}`);
  const popUp = $dialogs.get().length > 0 || document.querySelector('[role="dialog"], [role="alertdialog"]');
  // The page stays where it was (a drag keeps its place): the record is focused without scrolling to it.
  if (el && !popUp) el.focus({ preventScroll: true });
  else if (tries > 0) setTimeout(() => focusWhenShown(id, date, tries - 1), 50);
}

/** Every turn from `from` to `to`, both included. */
const turnsBetween = (from: string, to: string) =>
  answerAll((page) => api.turns.$get({ query: { ...page, from, to, q: '' } }));

/**
 * The turns of `range` (none while null), kept current by the live agenda: the first read and a
 * refresh of everything read the whole range; a notice, or a refresh that names its dates, reads
 * again only those days within it (`spanToRead`), merged into what is held. What is held is the
 * range as of a tick, kept even when a newer read replaced its answer on screen, so a later notice
 * always has a base to merge into.
 */
function useRangeTurns(
  range: DateRange | null,
  tick: number,
  changesSince: ChangesSince,
): Resource<readonly Turn[]> {
  const held = useRef<{ key: string; seq: number; turns: readonly Turn[] } | null>(null);
  const key = range ? `turns:${range.from}:${range.to}` : null;
  return useQuery(
    key,
    async () => {
      if (!range) return [];
      const base = held.current?.key === key ? held.current : null;
      const span = base ? spanToRead(changesSince(base.seq), range) : range;
      let turns = base?.turns ?? [];
      if (span) turns = replaceDays(turns, span, await turnsBetween(span.from, span.to));
      if (key && (held.current?.key !== key || held.current.seq < tick))
        held.current = { key, seq: tick, turns };
      return turns;
    },
    { tick },
  );
}

/** The views of the toolbar; week, day and agenda are drawn by TimeGridView, loaded when asked for. */
const VIEWS: View[] = ['month', 'week', 'day', 'agenda'];
const PHONE_VIEWS: View[] = ['month', 'agenda'];

/**
 * The Calendar's state and data: the month and view shown, the chosen date, the turns of the range
 * and of a date outside it (kept current by the live agenda), the medics and the medic filter, and
 * the moves of a turn (If-Match: a 412 shows the turn as someone else left it).
 */
export function useCalendarOf(clinic: Clinic) {
  const [month, setMonth] = useState(() => new Date());
  // On a phone the calendar opens on the agenda: a month grid of 360 px reads '10…', '+5 more'.
  const [chosenView, setView] = useState<View>(() =>
    window.matchMedia(NARROW).matches ? 'agenda' : 'month',
  );
  const narrow = useNarrow();
  const view: View = narrow && (chosenView === 'week' || chosenView === 'day') ? 'agenda' : chosenView;
  // On a phone the toolbar offers the month and the agenda only: the week and the day would show
  // the agenda anyway (their columns cannot be read at that width).
  const views = narrow ? PHONE_VIEWS : VIEWS;
  const [date, setDate] = useState(() => localDate(new Date(), clinic.timeZone));
  const range = visibleRange(month, view);
  // What is shown is refetched when a change on one of its dates is announced (the live agenda).
  const [tick, refresh, changesSince] = useLiveTurns(calendarWatch(range, date));
  const monthTurns = useRangeTurns(range, tick, changesSince);
  const inMonth = date >= range.from && date <= range.to;
  // A date outside the month shown gets its own read, kept current the same way.
  const dayTurns = useRangeTurns(inMonth ? null : { from: date, to: date }, tick, changesSince);

  // With more than one medic the day view has a column each, and the other views a medic filter.
  const { medicsLoad, me } = useClinicMedics();
  const medics = medicsLoad.state === 'ready' && medicsLoad.data.length > 1 ? medicsLoad.data : null;
  const [medicId, setMedicId] = useState('');
  const allTurns: readonly Turn[] = monthTurns.state === 'ready' ? monthTurns.data : [];
  const turns = useMemo(
    () =>
      medics && medicId && view !== 'day' ? allTurns.filter((t) => String(t.MedicID) === medicId) : allTurns,
    [allTurns, medics, medicId, view],
  );
  const dayExtra = !inMonth && dayTurns.state === 'ready' ? dayTurns.data : null;
  const byDate = useMemo(() => {
    const map = new Map<string, Turn[]>();
    const all = [...turns, ...(dayExtra ?? [])];
    for (const t of all) {
      const list = map.get(t.date) ?? [];
      if (!list.some((x) => x.ID === t.ID)) list.push(t);
      map.set(t.date, list);
    }
    for (const list of map.values()) list.sort((a, b) => a.time - b.time);
    return map;
  }, [turns, dayExtra]);
  const turnsOf = useCallback((d: string) => byDate.get(d) ?? [], [byDate]);

  const pickDate = useCallback((d: string) => {
    if (d) setDate(d);
  }, []);

  // Enter on a turn in the grid: its day in Turns details, the focus on its record there once shown.
  const openTurn = (turn: Turn) => {
    setDate(turn.date);
    focusWhenShown(turn.ID, turn.date);
  };

  const moveTurn = async (turn: Turn, to: string, time: number) => {
    // A drag keeps the page where it was: the scroll is put back once the new turns are drawn.
    const scrollY = window.scrollY;
    try {
      // Moved only if nobody changed the turn since the calendar showed it (412 otherwise).
      await answer(
        api.turns.move[':id'].$put(
          { param: { id: String(turn.ID) }, json: { date: to, time } },
          ifMatch(turn),
        ),
      );
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 412 || !err.current) throw err;
      // Someone else changed it first: the calendar shows it as it now is, and nothing moved.
      const now = err.current as unknown as Turn;
      refresh([turn.date, now.date]);
      setDate(now.date);
      await notify({
        title: MSG.staleRecord,
        text: `${MSG.changedByOther} ${formatDate(now.date)} ${decimalToTime(now.time)}`,
        icon: 'warning',
      });
      return;
    }
    refresh([turn.date, to]);
    setDate(to);
    requestAnimationFrame(() => window.scrollTo({ top: scrollY }));
    // The moved turn's record, on its new day, has the focus after the move.
    focusWhenShown(turn.ID, to);
    await notify({ title: MSG.turnMoved, icon: 'success', timer: 1500 });
  };

  const dayLoad = inMonth ? monthTurns : dayTurns;
  const dayError = dayLoad.state === 'error' ? dayLoad.msg : null;
  return {
    month,
    setMonth,
    view,
    views,
    setView,
    me,
    date,
    setDate,
    range,
    tick,
    refresh,
    monthTurns,
    dayLoad,
    dayError,
    medicsLoad,
    medics,
    medicId,
    setMedicId,
    turns,
    turnsOf,
    pickDate,
    openTurn,
    moveTurn,
  };
}
