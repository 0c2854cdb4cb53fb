import {
  $dialogs,
  $session,
  ApiError,
  answer,
  answerAll,
  api,
  type ChangesSince,
  ExportCsvButton,
  formatDate,
  ifMatch,
  notify,
  Page,
  type Resource,
  SelectField,
  Spinner,
  useClinic,
  useLiveTurns,
  useQuery,
} from '@clinic/kit';
import {
  type Clinic,
  calendarWatch,
  decimalToTime,
  localDate,
  MSG,
  parseOfficeHours,
  type Turn,
} from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import {
  lazy,
  type MouseEvent,
  type ReactElement,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { View } from 'react-big-calendar';
import styles from './Calendar.module.css';
import { CREATE_TURN_ID, CreateTurn } from './CreateTurn';
import { type DateRange, replaceDays, spanToRead } from './liveRange';
import type { MedicColumn } from './TimeGridView';
import { TurnDetails, turnRecordId } from './TurnDetails';
import { UnconfirmedRequests } from './UnconfirmedRequests';

/**
 * The month grid (react-big-calendar, most of this remote's code) loads after 'Turns details' and
 * 'Create a Turn', which do not need it.
 */
const MonthView = lazy(() => import('./MonthView').then((m) => ({ default: m.MonthView })));

/** Week, day and agenda views, with drag to move, load only when first asked for. */
const TimeGridView = lazy(() => import('./TimeGridView'));

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

/** The clinic's approved medics, as the day view's columns and the medic filter name them. */
async function approvedMedics(): Promise<MedicColumn[]> {
  const medics = await answer(api.medics.$get({ query: {} }));
  return (Array.isArray(medics) ? medics : [medics])
    .filter((m) => m.approved)
    .map((m) => ({ id: m.ID, title: `${m.doctorTitle} ${m.name} ${m.lastName}`.trim() }));
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

/** The Calendar's skip link: straight to Create a Turn's first field. */
function skipToCreateTurn(event: MouseEvent<HTMLAnchorElement>): void {
  const first = document
    .getElementById(CREATE_TURN_ID)
    ?.querySelector<HTMLElement>('input, select, textarea, button');
  if (!first) return;
  event.preventDefault();
  first.focus();
}

/** Every turn from `from` to `to`, both included. */
const turnsBetween = (from: string, to: string) =>
  answerAll((page) => api.turns.$get({ query: { ...page, from, to } }));

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

/** /home/calendar: the month of turns, 'Create a Turn' and 'Turns details'. */
export function Calendar(): ReactElement {
  const clinic = useClinic();
  // Without a clinic the shell sends a medic to its initial config; until then, and on a failed
  // read, the page waits.
  if (clinic.state !== 'ready') return <Spinner label={MSG.loadingTurns} />;
  return <CalendarOf clinic={clinic.data} />;
}

/** The desk's list of turns a change of hours left outside them, to be moved (shown when any). */
function NeedsMoving(props: { tick: number; onOpen: (turn: Turn) => void }): ReactElement | null {
  const list = useQuery('calendar:needs-moving', () => answer(api.turns['needs-moving'].$get()), {
    tick: props.tick,
  });
  if (list.state !== 'ready' || list.data.length === 0) return null;
  return (
    <section className={`card ${styles.panel} ${styles.needsMoving}`} aria-labelledby="needs-moving-title">
      <h3 id="needs-moving-title">{MSG.needsMoving}</h3>
      <ul className="plain-list">
        {list.data.map((t) => (
          <li key={t.ID}>
            <button type="button" className="btn btn-link" onClick={() => props.onOpen(t)}>
              {formatDate(t.date)} {decimalToTime(t.time)}: {t.userPatient.lastName}, {t.userPatient.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CalendarOf({ clinic }: { clinic: Clinic }): ReactElement {
  const [month, setMonth] = useState(() => new Date());
  // On a phone the calendar opens on the agenda: a month grid of 360 px reads '10…', '+5 more'.
  const [chosenView, setView] = useState<View>(() =>
    window.matchMedia(NARROW).matches ? 'agenda' : 'month',
  );
  const me = useStore($session)?.medicID ?? null;
  const narrow = useNarrow();
  const view: View = narrow && (chosenView === 'week' || chosenView === 'day') ? 'agenda' : chosenView;
  const [date, setDate] = useState(() => localDate(new Date(), clinic.timeZone));
  const range = visibleRange(month, view);
  // What is shown is refetched when a change on one of its dates is announced (the live agenda).
  const [tick, refresh, changesSince] = useLiveTurns(calendarWatch(range, date));
  const monthTurns = useRangeTurns(range, tick, changesSince);
  const inMonth = date >= range.from && date <= range.to;
  // A date outside the month shown gets its own read, kept current the same way.
  const dayTurns = useRangeTurns(inMonth ? null : { from: date, to: date }, tick, changesSince);

  // With more than one medic the day view has a column each, and the other views a medic filter.
  const medicsLoad = useQuery('calendar:medics', approvedMedics);
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
  return (
    <Page title="Calendar">
      <div className={styles.layout}>
        {/* Past the month grid and its turns in one step: the first Tab stop of the screen. */}
        <a className={`skip-link ${styles.skip}`} href={`#${CREATE_TURN_ID}`} onClick={skipToCreateTurn}>
          Skip to Create a Turn
        </a>
        <div className={styles.main}>
          {monthTurns.state === 'error' ? <p role="alert">{monthTurns.msg}</p> : null}
          {medics && view !== 'day' ? (
            <div className={styles.medicFilter}>
              <SelectField
                name="calendarMedic"
                label="Medics shown"
                value={medicId}
                onChange={(e) => setMedicId(e.target.value)}
                options={[
                  { value: '', label: 'All medics' },
                  ...medics.map((m) => ({ value: String(m.id), label: m.title })),
                ]}
              />
            </div>
          ) : null}
          {view === 'month' ? (
            <Suspense fallback={<div className={styles.month} aria-busy="true" />}>
              <MonthView
                medics={medics ?? undefined}
                month={month}
                turns={turns}
                date={date}
                onMonth={setMonth}
                onPickDate={pickDate}
                onOpenTurn={openTurn}
                onView={setView}
              />
            </Suspense>
          ) : (
            <Suspense fallback={<Spinner label={MSG.loadingTurns} />}>
              <TimeGridView
                view={view}
                date={month}
                turns={turns}
                officeHours={parseOfficeHours(clinic.officeHours) ?? []}
                onNavigate={setMonth}
                onView={setView}
                onPickDate={pickDate}
                onOpenTurn={openTurn}
                onMove={moveTurn}
                medics={medics ?? undefined}
              />
            </Suspense>
          )}
        </div>
        <div className={styles.side}>
          <CreateTurn
            key={clinic.ID}
            clinic={clinic}
            turnsOf={turnsOf}
            medics={medicsLoad.state === 'ready' ? medicsLoad.data : []}
            me={me}
            tick={tick}
            defaultDate={date >= localDate(new Date(), clinic.timeZone) ? date : ''}
            onCreated={(booked) => {
              setDate(booked);
              setMonth(dayjs(booked).toDate());
              refresh([booked]);
            }}
          />
          <NeedsMoving tick={tick} onOpen={openTurn} />
          <UnconfirmedRequests tick={tick} onCancelled={(dates) => refresh(dates)} />
          <TurnDetails
            date={date}
            onDate={pickDate}
            turns={dayLoad.state === 'ready' ? turnsOf(date) : null}
            error={dayError}
            timeZone={clinic.timeZone}
            onChanged={() => refresh([date])}
            onMove={moveTurn}
            medics={medicsLoad.state === 'ready' ? medicsLoad.data : []}
          />
        </div>
      </div>
      {/* The turns of the dates shown, as a file; after the calendar so the skip link stays the first stop. */}
      <p className={styles.export}>
        <ExportCsvButton
          path="/turns"
          query={{ from: range.from, to: range.to }}
          what={`the turns from ${formatDate(range.from)} to ${formatDate(range.to)}`}
        />
      </p>
    </Page>
  );
}
