import { Group } from '@visx/group';
import { formatDayDate, formatDate, formatMonth, formatMonthShort } from '../../../../../../shared/domain/dates';
import { scaleBand, scaleLinear, scaleOrdinal } from '@visx/scale';
import { Bar, BarStack } from '@visx/shape';
import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { appointmentStatuses, type AppointmentStatus } from '../../../../../../shared/constants/booking';
import { formatRupees } from '../../../../../../shared/domain/money';
import type { ChartDay, ChartMonth } from '../../../../../../shared/schemas/dashboard';
import { ErrorState } from '../../../components/list-states';
import { useDashboardCharts } from '../api/get-charts';

// ADMIN-13: the owner's two charts, drawn as SVG with visx's scales, bar stack and group (no chart
// framework). The axes are a few lines here: @visx/axis brings @visx/text and a CSS calc() evaluator, about
// 6 KB gzipped of the chunk for nothing these charts need. This module is imported lazily by the dashboard,
// for the owner only, so its code loads with nobody else.

const HEIGHT = 240;
const statusLabel: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
};
const statusColour: Record<AppointmentStatus, string> = {
  pending: '#d97706',
  confirmed: '#0284c7',
  completed: '#15803d',
  cancelled: '#94a3b8',
  'no-show': '#b91c1c',
};
const tickStyle = { fill: '#475569', fontSize: 11, fontFamily: 'inherit' } as const;

const dayLabel = (date: string) => formatDayDate(date);
const monthLabel = (month: string) => formatMonthShort(month);
const dayTotal = (d: ChartDay) => appointmentStatuses.reduce((n, s) => n + d[s], 0);

/** A left axis: the value scale's round ticks, with light grid lines across the plot. */
function LeftAxis({ scale, width, format }: { scale: ReturnType<typeof scaleLinear<number>>; width: number; format: (n: number) => string }) {
  return (
    <g>
      {scale.ticks(4).map((t) => (
        <g key={t} transform={`translate(0, ${scale(t)})`}>
          <line x2={width} stroke="#e2e8f0" />
          <text x={-6} dy="0.32em" textAnchor="end" {...tickStyle}>
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** A bottom axis: a label under each band named in `ticks`. */
function BottomAxis({ scale, top, ticks, format }: { scale: ReturnType<typeof scaleBand<string>>; top: number; ticks: string[]; format: (v: string) => string }) {
  return (
    <g transform={`translate(0, ${top})`}>
      <line x2={scale.range()[1]} stroke="#cbd5e1" />
      {ticks.map((t) => (
        <text key={t} x={(scale(t) ?? 0) + scale.bandwidth() / 2} y={18} textAnchor="middle" {...tickStyle}>
          {format(t)}
        </text>
      ))}
    </g>
  );
}

/** The width the chart's box has, followed as the window changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function AppointmentsChart({ days }: { days: ChartDay[] }) {
  const [ref, width] = useWidth();
  const margin = { top: 8, right: 8, bottom: 28, left: 32 };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = HEIGHT - margin.top - margin.bottom;
  const max = Math.max(1, ...days.map(dayTotal));
  const x = scaleBand({ domain: days.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const colour = scaleOrdinal({ domain: [...appointmentStatuses], range: appointmentStatuses.map((s) => statusColour[s]) });
  const every = width < 480 ? 7 : 5;
  const ticks = days.filter((_, i) => (days.length - 1 - i) % every === 0).map((d) => d.date);
  const total = days.reduce((n, d) => n + dayTotal(d), 0);
  return (
    <figure className="chart" aria-labelledby="appointments-chart-heading">
      <ul className="chart-legend" aria-hidden="true">
        {appointmentStatuses.map((s) => (
          <li key={s}>
            <span className="chart-swatch" style={{ background: statusColour[s] }} />
            {statusLabel[s]}
          </li>
        ))}
      </ul>
      <div ref={ref} className="chart-box">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={`Appointments per day, last 30 days: ${total.toLocaleString('en-IN')} in all. The table below gives each day.`}>
            <Group left={margin.left} top={margin.top}>
              <LeftAxis scale={y} width={innerWidth} format={(n) => (Number.isInteger(n) ? n.toLocaleString('en-IN') : '')} />
              <BarStack<ChartDay, AppointmentStatus> data={days} keys={[...appointmentStatuses]} x={(d) => d.date} xScale={x} yScale={y} color={colour} />
              <BottomAxis scale={x} top={innerHeight} ticks={ticks} format={dayLabel} />
            </Group>
          </svg>
        )}
      </div>
      {/* The figures as a table for screen readers. Hidden by a wrapping div: a table ignores width and overflow, so hidden itself it widened the page on phones (and phones zoomed out). */}
      <div className="visually-hidden">
        <table>
        <caption>Appointments per day by status, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {appointmentStatuses.map((s) => (
              <th key={s} scope="col">
                {statusLabel[s]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDate(d.date)}</th>
              {appointmentStatuses.map((s) => (
                <td key={s}>{d[s]}</td>
              ))}
              <td>{dayTotal(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

function RevenueChart({ months }: { months: ChartMonth[] }) {
  const [ref, width] = useWidth();
  const margin = { top: 8, right: 8, bottom: 28, left: 72 }; // room for ₹12,50,000
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = HEIGHT - margin.top - margin.bottom;
  const x = scaleBand({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({ domain: [0, Math.max(1000, ...months.map((m) => m.revenue))], range: [innerHeight, 0], nice: true });
  const ticks = width < 480 ? months.filter((_, i) => (months.length - 1 - i) % 2 === 0).map((m) => m.month) : months.map((m) => m.month);
  const total = months.reduce((n, m) => n + m.revenue, 0);
  return (
    <figure className="chart" aria-labelledby="revenue-chart-heading">
      <div ref={ref} className="chart-box">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={`Revenue per month, last 12 months: ${formatRupees(total)} in all. The table below gives each month.`}>
            <Group left={margin.left} top={margin.top}>
              <LeftAxis scale={y} width={innerWidth} format={formatRupees} />
              {months.map((m) => {
                const top = y(m.revenue);
                return <Bar key={m.month} x={x(m.month)} y={top} width={x.bandwidth()} height={innerHeight - top} fill="#0f766e" rx={2} />;
              })}
              <BottomAxis scale={x} top={innerHeight} ticks={ticks} format={monthLabel} />
            </Group>
          </svg>
        )}
      </div>
      <div className="visually-hidden">
        <table>
        <caption>Revenue per month (payments received), last 12 months</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td>{formatRupees(m.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

/** ADMIN-13: appointments per day (30 days, stacked by status) and revenue per month (12 months). */
export function DashboardCharts() {
  const charts = useDashboardCharts();
  const body = (render: (data: NonNullable<typeof charts.data>) => React.ReactNode) =>
    charts.isPending ? <Skeleton active paragraph={{ rows: 5 }} /> : charts.isError ? <ErrorState text="Unable to load the chart." /> : render(charts.data);
  return (
    <div className="chart-columns">
      <section className="panel" aria-labelledby="appointments-chart-heading">
        <h2 id="appointments-chart-heading">Appointments, last 30 days</h2>
        {body((d) => (
          <AppointmentsChart days={d.days} />
        ))}
      </section>
      <section className="panel" aria-labelledby="revenue-chart-heading">
        <h2 id="revenue-chart-heading">Revenue, last 12 months</h2>
        {body((d) => (
          <RevenueChart months={d.months} />
        ))}
      </section>
    </div>
  );
}
