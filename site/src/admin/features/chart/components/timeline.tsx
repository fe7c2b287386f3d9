import { Button, Slider } from 'antd';
import { formatDate, formatSentenceDate } from '../../../../../../shared/domain/dates';

// CHART-13: the timeline under the chart: a stop for every clinic day the chart changed on (and the day
// before the first), and "Now". Moving it shows the chart as it stood at the end of that day (GET chart?at=).
export function ChartTimeline({ days, at, onChange }: { days: readonly string[]; at: string | null; onChange: (at: string | null) => void }) {
  if (days.length === 0) return null;
  const value = at === null ? days.length : Math.max(0, days.indexOf(at));
  const marks: Record<number, string> = {};
  // Labels at both ends, and between them as room allows (every stop still has its tooltip).
  const step = Math.max(1, Math.ceil(days.length / 6));
  days.forEach((day, i) => {
    marks[i] = i === 0 || i % step === 0 ? formatDate(day).slice(0, 5) : '';
  });
  marks[days.length] = 'Now';
  return (
    <div className="chart-timeline">
      <span id="chart-timeline-label" className="chart-timeline-label">
        Chart on
      </span>
      <Slider
        min={0}
        max={days.length}
        step={null}
        marks={marks}
        value={value}
        onChange={(i) => onChange(i >= days.length ? null : days[i])}
        tooltip={{ formatter: (i) => (i === undefined || i >= days.length ? 'Now' : formatSentenceDate(days[i])) }}
        ariaLabelledByForHandle="chart-timeline-label"
        ariaValueTextFormatterForHandle={(i) => (i >= days.length ? 'Now' : formatSentenceDate(days[i]))}
        className="chart-timeline-slider"
      />
      {at && (
        <Button size="small" onClick={() => onChange(null)}>
          Back to now
        </Button>
      )}
    </div>
  );
}
