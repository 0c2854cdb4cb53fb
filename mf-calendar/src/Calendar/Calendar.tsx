import {
  answer,
  api,
  ExportCsvButton,
  formatDate,
  LoadFailed,
  Page,
  SelectField,
  Spinner,
  useClinic,
  useQuery,
} from '@clinic/kit';
import {
  type Clinic,
  decimalToTime,
  localDate,
  MSG,
  parseOfficeHours,
  type Turn,
} from '@clinic/worker/contract';
import dayjs from 'dayjs';
import { lazy, type MouseEvent, type ReactElement, Suspense } from 'react';
import styles from './Calendar.module.css';
import { CREATE_TURN_ID, CreateTurn } from './CreateTurn';
import { TurnDetails } from './TurnDetails';
import { UnconfirmedRequests } from './UnconfirmedRequests';
import { useCalendarOf } from './useCalendarOf';

/**
 * The month grid (react-big-calendar, most of this remote's code) loads after 'Turns details' and
 * 'Create a Turn', which do not need it.
 */
const MonthView = lazy(() => import('./MonthView').then((m) => ({ default: m.MonthView })));

/** Week, day and agenda views, with drag to move, load only when first asked for. */
const TimeGridView = lazy(() => import('./TimeGridView'));

/** The Calendar's skip link: straight to Create a Turn's first field. */
function skipToCreateTurn(event: MouseEvent<HTMLAnchorElement>): void {
  const first = document
    .getElementById(CREATE_TURN_ID)
    ?.querySelector<HTMLElement>('input, select, textarea, button');
  if (!first) return;
  event.preventDefault();
  first.focus();
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

type CalendarState = ReturnType<typeof useCalendarOf>;

/** The medic filter (with more than one medic, outside the day view), then the month grid or the time grid. */
function CalendarMain(props: { clinic: Clinic; c: CalendarState }): ReactElement {
  const { clinic, c } = props;
  const { view, medics, turns } = c;
  return (
    <div className={styles.main}>
      {c.monthTurns.state === 'error' ? <LoadFailed resource={c.monthTurns} /> : null}
      {medics && view !== 'day' ? (
        <div className={styles.medicFilter}>
          <SelectField
            name="calendarMedic"
            label="Medics shown"
            value={c.medicId}
            onChange={(e) => c.setMedicId(e.target.value)}
            options={[
              { value: '', label: 'All medics' },
              ...medics.map((m) => ({ value: String(m.id), label: m.title })),
            ]}
          />
        </div>
      ) : null}
      {/* Either grid keeps its box while its code arrives: what is below it (Create a Turn on a
          phone) is not drawn high up and then pushed out of sight. */}
      <Suspense
        fallback={
          <div className={styles.month} aria-busy="true">
            <Spinner label={MSG.loadingTurns} />
          </div>
        }
      >
        {view === 'month' ? (
          <MonthView
            medics={medics ?? undefined}
            month={c.month}
            turns={turns}
            date={c.date}
            onMonth={c.setMonth}
            onPickDate={c.pickDate}
            onOpenTurn={c.openTurn}
            onView={c.setView}
            views={c.views}
          />
        ) : (
          <TimeGridView
            view={view}
            date={c.month}
            turns={turns}
            officeHours={parseOfficeHours(clinic.officeHours) ?? []}
            onNavigate={c.setMonth}
            onView={c.setView}
            views={c.views}
            onPickDate={c.pickDate}
            onOpenTurn={c.openTurn}
            onMove={c.moveTurn}
            medics={medics ?? undefined}
          />
        )}
      </Suspense>
    </div>
  );
}

function CalendarOf({ clinic }: { clinic: Clinic }): ReactElement {
  const c = useCalendarOf(clinic);
  const { date, range, tick, refresh, medicsLoad, dayLoad, turnsOf, pickDate, openTurn, moveTurn } = c;
  return (
    <Page title="Calendar">
      <div className={styles.layout}>
        {/* Past the month grid and its turns in one step: the first Tab stop of the screen. */}
        <a className={`skip-link ${styles.skip}`} href={`#${CREATE_TURN_ID}`} onClick={skipToCreateTurn}>
          Skip to Create a Turn
        </a>
        <CalendarMain clinic={clinic} c={c} />
        <div className={styles.side}>
          <CreateTurn
            key={clinic.ID}
            clinic={clinic}
            turnsOf={turnsOf}
            medics={medicsLoad.state === 'ready' ? medicsLoad.data : []}
            me={c.me}
            tick={tick}
            defaultDate={date >= localDate(new Date(), clinic.timeZone) ? date : ''}
            onCreated={(booked) => {
              c.setDate(booked);
              c.setMonth(dayjs(booked).toDate());
              refresh([booked]);
            }}
          />
          <NeedsMoving tick={tick} onOpen={openTurn} />
          <UnconfirmedRequests tick={tick} onCancelled={(dates) => refresh(dates)} />
          <TurnDetails
            date={date}
            onDate={pickDate}
            turns={dayLoad.state === 'ready' ? turnsOf(date) : null}
            error={c.dayError}
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
