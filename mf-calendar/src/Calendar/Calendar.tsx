import { $clinic, loadClinic, Page, Spinner, useList, useRefresh } from '@clinic/kit';
import { firstBookableDate, localDate, MSG, type Turn } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import dayjs from 'dayjs';
import { lazy, type ReactElement, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import styles from './Calendar.module.css';
import { CreateTurn } from './CreateTurn';
import { TurnDetails } from './TurnDetails';

/**
 * The month grid (react-big-calendar, most of this remote's code) loads after 'Turns details' and
 * 'Create a Turn', which do not need it.
 */
const MonthView = lazy(() => import('./MonthView').then((m) => ({ default: m.MonthView })));

/** DESIGN §7.6: turn lists refresh every 10 s and when the window regains focus. */
const REFRESH_MS = 10_000;

/** The dates the month grid shows: whole weeks around the month. */
function visibleRange(month: Date): { from: string; to: string } {
  const first = dayjs(month).startOf('month').startOf('week');
  const last = dayjs(month).endOf('month').endOf('week');
  return { from: first.format('YYYY-MM-DD'), to: last.format('YYYY-MM-DD') };
}

/** /home/calendar (SPEC §2): the month of turns, 'Create a Turn' and 'Turns details'. */
export function Calendar(): ReactElement {
  const clinic = useStore($clinic);
  const [tick, refresh] = useRefresh(REFRESH_MS);
  const [month, setMonth] = useState(() => new Date());
  const [date, setDate] = useState(() => localDate(new Date(), clinic?.timeZone ?? 'UTC'));
  const range = visibleRange(month);
  const monthTurns = useList<Turn>(`/turns?from=${range.from}&to=${range.to}`, tick);
  const inMonth = date >= range.from && date <= range.to;
  // A date outside the month shown gets its own read.
  const dayTurns = useList<Turn>(inMonth ? null : `/turns?from=${date}&to=${date}`, tick);

  useEffect(() => {
    loadClinic().catch(() => {
      // The page says so below.
    });
  }, []);

  const turns: readonly Turn[] = monthTurns.state === 'ready' ? monthTurns.data : [];
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

  const pickDate = (d: string) => {
    if (!d) return;
    setDate(d);
  };

  if (!clinic) return <Spinner label={MSG.loadingTurns} />;
  const dayLoad = inMonth ? monthTurns : dayTurns;
  const dayError = dayLoad.state === 'error' ? dayLoad.msg : null;
  return (
    <Page title="Calendar">
      <div className={styles.layout}>
        <div className={styles.main}>
          {monthTurns.state === 'error' ? <p role="alert">{monthTurns.msg}</p> : null}
          <Suspense fallback={<div className={styles.month} aria-busy="true" />}>
            <MonthView month={month} turns={turns} onMonth={setMonth} onPickDate={pickDate} />
          </Suspense>
        </div>
        <div className={styles.side}>
          <TurnDetails
            date={date}
            onDate={pickDate}
            turns={dayLoad.state === 'ready' ? turnsOf(date) : null}
            error={dayError}
            onChanged={refresh}
          />
          <CreateTurn
            key={clinic.ID}
            clinic={clinic}
            turnsOf={turnsOf}
            defaultDate={date > firstBookableDate(new Date(), clinic.timeZone) ? date : ''}
            onCreated={(turn) => {
              setDate(turn.date);
              setMonth(dayjs(turn.date).toDate());
              refresh();
            }}
          />
        </div>
      </div>
    </Page>
  );
}
