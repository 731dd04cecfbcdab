import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { VisuallyHidden } from '@mantine/core';

/** One bar: its label, its count and (optionally) its own colour. */
export interface Bar {
  key: string | number;
  label: string;
  count: number;
  color?: string;
}

/** Room for one bar and the gap under it, in pixels. */
const BAR_ROW = 30;

/**
 * Counts as a horizontal bar chart: a label left of each bar, its count at the bar's end. The chart
 * is a picture for sighted users only; screen readers read the same counts as a named list, each
 * item "label: count".
 */
export function BarListChart({
  bars,
  label,
  labelWidth,
  seriesLabel = 'Count',
  color = 'blue.7',
}: {
  bars: Bar[];
  /** The list's accessible name. */
  label: string;
  /** Room for the labels left of the bars, in pixels. */
  labelWidth: number;
  /** What a count is, in the chart's tooltip. */
  seriesLabel?: string;
  /** The bars' colour, unless a bar has its own. */
  color?: string;
}) {
  return (
    <>
      <VisuallyHidden>
        <ul aria-label={label}>
          {bars.map((b) => (
            <li key={b.key}>
              {b.label}: {b.count}
            </li>
          ))}
        </ul>
      </VisuallyHidden>
      <div aria-hidden>
        <BarChart
          h={bars.length * BAR_ROW + 16}
          data={bars.map((b) => ({ label: b.label, count: b.count, color: b.color }))}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'count', label: seriesLabel, color }]}
          yAxisProps={{ width: labelWidth, interval: 0 }}
          withXAxis={false}
          gridAxis="none"
          withBarValueLabel
          valueFormatter={(count) => String(count)}
          textColor="gray.8"
          // The counts' colour (`barLabelColor` reaches the DOM in this version of @mantine/charts).
          valueLabelProps={{ fill: 'var(--mantine-color-gray-9)' }}
          maxBarWidth={20}
          // Room right of the longest bar for its count.
          barChartProps={{ accessibilityLayer: false, margin: { right: 40 } }}
        />
      </div>
    </>
  );
}
