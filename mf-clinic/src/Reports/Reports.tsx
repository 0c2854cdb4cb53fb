import {
  answer,
  api,
  ExportCsvButton,
  formatDate,
  LoadFailed,
  Page,
  SelectField,
  TextField,
  todayIso,
  useMoney,
  useQuery,
} from '@clinic/kit';
import { MSG, type Report, type ReportMonth } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { monthLabel, type PeriodKind, periodDates } from './period';
import styles from './Reports.module.css';

type Key = Exclude<keyof ReportMonth, 'month' | 'medics'>;

interface Block {
  title: string;
  keys: { key: Key; label: string }[];
  money?: true;
}

/** What each chart and its table show. */
const BLOCKS: Block[] = [
  {
    title: 'Billed and collected',
    money: true,
    keys: [
      { key: 'billed', label: 'Billed' },
      { key: 'collected', label: 'Collected' },
    ],
  },
  {
    title: 'Turns',
    keys: [
      { key: 'turns', label: 'Booked' },
      { key: 'attended', label: 'Attended' },
      { key: 'noShows', label: 'No-shows' },
      { key: 'cancelled', label: 'Cancelled' },
      { key: 'lateCancelled', label: 'Late cancelled' },
      { key: 'refilled', label: 'Refilled from the waitlist' },
    ],
  },
  {
    title: 'Chair occupancy (hours)',
    keys: [
      { key: 'bookedHours', label: 'Booked hours' },
      { key: 'openHours', label: 'Open hours' },
    ],
  },
  {
    title: 'Patients and budgets',
    keys: [
      { key: 'newPatients', label: 'New patients' },
      { key: 'budgets', label: 'Budgets made' },
      { key: 'budgetsPaid', label: 'Budgets paid' },
    ],
  },
];

const PERIODS: [PeriodKind, string][] = [
  ['month', 'This month'],
  ['last3', 'Last 3 months'],
  ['last12', 'Last 12 months'],
  ['range', 'From–to'],
];

const round2 = (x: number) => Math.round(x * 100) / 100;
const percent = (booked: number, open: number) => (open > 0 ? `${Math.round((booked / open) * 100)}%` : '—');

/**
 * How the clinic is doing: per month, billed and collected, turns and their outcomes,
 * cancellations, refilled starts, new patients and budgets, chair occupancy. Each chart has its
 * table beside it with the same numbers; the report downloads as CSV.
 */
export function Reports(): ReactElement {
  const today = todayIso();
  const [kind, setKind] = useState<PeriodKind>('last3');
  const [range, setRange] = useState({
    from: periodDates('month', today, { from: '', to: '' }).from,
    to: today,
  });
  const { from, to } = periodDates(kind, today, range);
  const valid = from !== '' && to !== '' && from <= to;
  const report = useQuery(`reports:${from}:${to}`, () =>
    valid
      ? answer(api.reports.$get({ query: { from, to } }))
      : Promise.reject(new Error(MSG.invalidReportPeriod)),
  );

  return (
    <Page
      title={MSG.reportsTitle}
      actions={<ExportCsvButton path="/reports" query={{ from, to }} what="the report" />}
    >
      <fieldset className={styles.period}>
        <legend className="visually-hidden">Report period</legend>
        <SelectField
          label="Period"
          name="period"
          value={kind}
          options={PERIODS.map(([value, label]) => ({ value, label }))}
          onChange={(e) => setKind(e.target.value as PeriodKind)}
        />
        {kind === 'range' ? (
          <>
            <TextField
              label="From"
              name="from"
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
            <TextField
              label="To"
              name="to"
              type="date"
              value={range.to}
              min={range.from}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </>
        ) : null}
        <p className="muted" aria-live="polite">
          {valid ? `${formatDate(from)} – ${formatDate(to)}` : MSG.invalidReportPeriod}
        </p>
      </fieldset>
      {report.state === 'loading' ? (
        <p role="status">{MSG.reportsLoading}</p>
      ) : report.state === 'error' ? (
        <LoadFailed resource={report} />
      ) : (
        <ReportBody report={report.data} />
      )}
    </Page>
  );
}

function ReportBody(props: { report: Report }): ReactElement {
  const { months } = props.report;
  const empty = months.every((m) => m.turns + m.budgets + m.newPatients + m.cancelled + m.collected === 0);
  const medics = months[0]?.medics ?? [];
  return (
    <>
      {empty ? <p className="muted">{MSG.reportsEmpty}</p> : null}
      <div className={styles.grid}>
        {BLOCKS.map((block) => (
          <ChartBlock key={block.title} block={block} months={months} />
        ))}
        {medics.length > 1 ? <MedicsTable months={months} /> : null}
      </div>
    </>
  );
}

/** A chart (drawn by the library once loaded) and its table, with a total row. */
function ChartBlock(props: { block: Block; months: ReportMonth[] }): ReactElement {
  const { block, months } = props;
  const money = useMoney();
  const id = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const [chartFailed, setChartFailed] = useState(false);
  const labels = months.map((m) => monthLabel(m.month));
  const dataKey = JSON.stringify(months.map((m) => block.keys.map(({ key }) => m[key])));
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for the numbers drawn.
  useEffect(() => {
    let undo: (() => void) | undefined;
    let gone = false;
    import('./charts')
      .then(({ drawBars }) => {
        if (gone || !chartRef.current) return;
        undo = drawBars(chartRef.current, {
          labels,
          series: block.keys.map(({ key, label }) => ({ name: label, data: months.map((m) => m[key]) })),
        });
      })
      .catch(() => setChartFailed(true));
    return () => {
      gone = true;
      undo?.();
    };
  }, [dataKey]);
  const show = (key: Key, value: number) =>
    block.money
      ? money(value)
      : key === 'bookedHours' || key === 'openHours'
        ? String(round2(value))
        : String(value);
  const total = (key: Key) => round2(months.reduce((n, m) => n + m[key], 0));
  const occupancy = block.keys.some((k) => k.key === 'bookedHours');
  return (
    <figure className={`card ${styles.block}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{block.title}</h3>
      {chartFailed ? null : (
        <div ref={chartRef} className={styles.chart} aria-hidden="true" data-chart={block.title} />
      )}
      <ul className={styles.legend} aria-hidden="true">
        {block.keys.map(({ key, label }, i) => (
          <li key={key}>
            <span className={`${styles.swatch} ${styles[`s${i}`]}`} />
            {label}
          </li>
        ))}
      </ul>
      <div className="table-scroll">
        <table className="table table-stack">
          <caption className="visually-hidden">{block.title}, by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {block.keys.map(({ key, label }) => (
                <th scope="col" key={key}>
                  {label}
                </th>
              ))}
              {occupancy ? <th scope="col">Occupancy</th> : null}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                {block.keys.map(({ key, label }) => (
                  <td key={key} data-key={key} data-label={label}>
                    {show(key, m[key])}
                  </td>
                ))}
                {occupancy ? <td data-label="Occupancy">{percent(m.bookedHours, m.openHours)}</td> : null}
              </tr>
            ))}
            <tr className={styles.total}>
              <th scope="row">Total</th>
              {block.keys.map(({ key, label }) => (
                <td key={key} data-total={key} data-label={label}>
                  {show(key, total(key))}
                </td>
              ))}
              {occupancy ? (
                <td data-label="Occupancy">{percent(total('bookedHours'), total('openHours'))}</td>
              ) : null}
            </tr>
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Each medic's chair: booked over open hours, per month. */
function MedicsTable(props: { months: ReportMonth[] }): ReactElement {
  const medics = props.months[0]?.medics ?? [];
  return (
    <section className={`card ${styles.block}`} aria-label="Occupancy per medic">
      <h3>Occupancy per medic</h3>
      <div className="table-scroll">
        <table className="table table-stack">
          <caption className="visually-hidden">Booked over open hours of each medic, by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {medics.map((m) => (
                <th scope="col" key={m.MedicID}>
                  {m.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                {month.medics.map((m) => (
                  <td key={m.MedicID} data-label={m.name}>
                    {round2(m.bookedHours)} / {round2(m.openHours)} h ({percent(m.bookedHours, m.openHours)})
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
