// The charting library, loaded only when the Reports screen draws (its own chunk): Chartist
// draws plain SVG, small and without dependencies; the numbers themselves are in the table beside
// each chart, which is what screen readers read.
import { BarChart } from 'chartist';
import 'chartist/dist/index.css';

export interface ChartData {
  labels: string[];
  series: { name: string; data: number[] }[];
}

/** An axis figure in a few characters (150000 → 150K), so a large amount is never cut off. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Draws grouped bars into `el` (replacing what was there); answers a function that removes them. */
export function drawBars(el: HTMLElement, data: ChartData): () => void {
  const chart = new BarChart(
    el,
    { labels: data.labels, series: data.series.map((s) => ({ name: s.name, data: s.data })) },
    {
      height: '220px',
      seriesBarDistance: 12,
      axisY: { onlyInteger: false, labelInterpolationFnc: (value: unknown) => compact.format(Number(value)) },
      chartPadding: { left: 8 },
    },
  );
  return () => chart.detach();
}
