import {
  Bar,
  BarChart,
  LabelList,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import { formatCount } from '../../lib/analytics-format';
import type { ChartSeries } from './chart-types';
import { ChartLegend, TOOLTIP_STYLE } from './ChartLegend';
import { ChartTable } from './ChartTable';
import './charts.css';

type BarRow<K extends string> = { key: string; label: string } & Record<K, number>;

interface BarsChartProps<K extends string> {
  /** Names the chart for screen readers and captions its table. */
  title: string;
  description: string;
  /** The table's first column: Store, Device... */
  rowHeader: string;
  data: BarRow<K>[];
  series: ChartSeries<K>[];
  /** One colour a row (each store its own), instead of the series' colour. */
  colorOf?: (key: string) => string;
}

const TICK = { fill: 'currentColor', fontSize: 13 };
const BAR_SIZE = 14;

/**
 * Horizontal bars, one group a row, with the figure at the end of each bar: names stay
 * readable on a phone, however long.
 */
export function BarsChart<K extends string>({
  title,
  description,
  rowHeader,
  data,
  series,
  colorOf,
}: BarsChartProps<K>) {
  const height = data.length * (series.length * (BAR_SIZE + 4) + 16) + 16;
  const coloured = (props: BarShapeProps) => (
    <Rectangle
      {...props}
      fill={colorOf?.((props.payload as BarRow<K> | undefined)?.key ?? '') ?? props.fill}
    />
  );
  return (
    <div className="chart">
      {series.length > 1 && (
        <ChartLegend items={series.map((s) => ({ key: s.key, name: s.name, color: s.color }))} />
      )}
      <div className="chart__canvas">
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 480, height }}>
          <BarChart
            data={data}
            layout="vertical"
            title={title}
            desc={description}
            // A few pixels on the left: the measured axis width is rounded to whole pixels.
            margin={{ top: 4, right: 48, bottom: 4, left: 4 }}
            barGap={4}
          >
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis
              type="category"
              dataKey="label"
              // Measured from the names as drawn, so that every one shows whole ("WhatsApp").
              width="auto"
              tick={TICK}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
              formatter={(value) => formatCount(Number(value))}
            />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                fill={s.color}
                barSize={BAR_SIZE}
                radius={[0, 4, 4, 0]}
                minPointSize={2}
                shape={colorOf ? coloured : undefined}
              >
                <LabelList
                  dataKey={s.key}
                  position="right"
                  fill="currentColor"
                  fontSize={12}
                  formatter={(value) => formatCount(Number(value))}
                />
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={title}
        rowHeader={rowHeader}
        columns={series.map((s) => s.name)}
        rows={data.map((row) => ({
          key: row.key,
          label: row.label,
          cells: series.map((s) => formatCount(row[s.key])),
        }))}
      />
    </div>
  );
}
