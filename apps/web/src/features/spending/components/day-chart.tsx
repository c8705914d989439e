import type { RoomStats } from '@outing/contract';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useT } from '@/lib/i18n/use-t';
import { formatAmount } from '@/lib/money';
import { dayBars, dayOfMonth, fullDay, weekdayShort } from '../lib/days';
import { ChartCard, FiguresTable } from './chart-card';

// The drawing's own units: the SVG scales to the card's width (about 1:1 on a phone), its text with it.
const WIDTH = 320;
const HEIGHT = 168;
const TOP = 22;
const BOTTOM = 34;
/** At most this many day labels under the bars; in between, every n-th day. */
const MAX_LABELS = 8;

/**
 * Spending by day, oldest first: a bar a day (the days without bills between the first and the last drawn empty), the
 * largest day's amount above its bar, the weekday and day of month under the bars.
 */
export function DayChart({ stats }: { stats: RoomStats }) {
  const t = useT();
  const { currency, byDay } = stats;
  const bars = dayBars(byDay);
  if (bars.length === 0) return null;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = scaleBand<string>({
    domain: bars.map((d) => d.date),
    range: [0, WIDTH],
    padding: bars.length > 14 ? 0.2 : 0.3,
  });
  const max = Math.max(0, ...bars.map((d) => d.amount));
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], range: [plotHeight, 0] });
  const every = Math.ceil(bars.length / MAX_LABELS);
  const top = bars.reduce((best, d) => (d.amount > best.amount ? d : best), bars[0]!);
  const topX = (x(top.date) ?? 0) + x.bandwidth() / 2;
  const anchor = topX < 40 ? 'start' : topX > WIDTH - 40 ? 'end' : 'middle';
  const radius = Math.min(4, x.bandwidth() / 2);

  return (
    <ChartCard
      id="spending-day-heading"
      heading={t('spending.byDay')}
      chart={
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          className="block h-auto overflow-visible"
          focusable="false"
        >
          <g transform={`translate(0 ${TOP})`}>
            {bars.map((d) => {
              const barY = y(d.amount);
              const height = d.amount > 0 ? Math.max(plotHeight - barY, 2) : 0;
              return (
                <Bar
                  key={d.date}
                  x={x(d.date)}
                  y={plotHeight - height}
                  width={x.bandwidth()}
                  height={height}
                  rx={radius}
                  className={
                    d === top ? 'fill-brand-600 dark:fill-brand-400' : 'fill-brand-300 dark:fill-brand-700'
                  }
                />
              );
            })}
            <line
              x1={0}
              x2={WIDTH}
              y1={plotHeight + 0.5}
              y2={plotHeight + 0.5}
              className="stroke-slate-300"
            />
            {max > 0 && (
              <text
                x={topX}
                y={y(top.amount) - 6}
                textAnchor={anchor}
                className="fill-slate-900 text-[11px] font-semibold tabular-nums"
              >
                {formatAmount(top.amount, currency)}
              </text>
            )}
            {bars.map((d, i) =>
              i % every === 0 ? (
                <text
                  key={d.date}
                  x={(x(d.date) ?? 0) + x.bandwidth() / 2}
                  y={plotHeight + 14}
                  textAnchor="middle"
                  className="fill-slate-500 text-[10px]"
                >
                  <tspan x={(x(d.date) ?? 0) + x.bandwidth() / 2}>{weekdayShort(d.date)}</tspan>
                  <tspan
                    x={(x(d.date) ?? 0) + x.bandwidth() / 2}
                    dy={12}
                    className="fill-slate-700 font-medium"
                  >
                    {dayOfMonth(d.date)}
                  </tspan>
                </text>
              ) : null,
            )}
          </g>
        </svg>
      }
      table={
        <FiguresTable
          caption={t('spending.byDayCaption')}
          columns={[t('spending.day'), t('spending.amount')]}
          rows={byDay.map((d) => ({
            key: d.date,
            head: fullDay(d.date),
            cells: [formatAmount(d.amount, currency)],
          }))}
        />
      }
    />
  );
}
