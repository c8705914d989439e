import type { ReactNode } from 'react';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

/**
 * One chart of the Spending view: a card with its heading, the chart as drawn (hidden from screen readers) and the
 * same numbers as a table that only screen readers see (issue 36: every chart has its numbers as a table).
 */
export function ChartCard({
  id,
  heading,
  legend,
  chart,
  table,
  note,
}: {
  id: string;
  heading: string;
  legend?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** What the chart's words mean, under it, for everyone. */
  note?: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {heading}
        </h2>
        {legend}
      </div>
      <div aria-hidden="true">{chart}</div>
      {table}
      {note && <p className="mt-3 text-xs text-slate-500">{note}</p>}
    </section>
  );
}

/** A table of a chart's numbers for screen readers: its caption, column headers, and a header cell per row. */
export function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; head: ReactNode; cells: string[] }[];
}) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.head}</th>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The length of a horizontal bar, as a percentage of its track: the largest value of its chart fills the track. */
export const barScale = (max: number) =>
  scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [0, 100], clamp: true });

/**
 * A horizontal bar on its track, `percent` of the width (from `barScale`): a percentage width, so the bar is crisp at
 * any width without measuring it. A value above zero shows at least a sliver.
 */
export function HBar({
  percent,
  className,
  height = 10,
}: {
  percent: number;
  className: string;
  height?: number;
}) {
  return (
    <svg width="100%" height={height} className="block" focusable="false">
      <Bar width="100%" height={height} rx={height / 2} className="fill-slate-100" />
      {percent > 0 && (
        <Bar width={`${Math.max(percent, 2)}%`} height={height} rx={height / 2} className={className} />
      )}
    </svg>
  );
}
